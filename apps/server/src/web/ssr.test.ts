import { describe, expect, it } from 'vitest';
import { capturingMailer, signedInUser, uniqueIp } from '../test/accounts.js';
import { signedInOwner } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { callApiInProcess } from './ssr.js';

const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer } });

describe("a page's in-process API call", () => {
  it("forwards the visitor's cookie, so the admin guard decides: no session 401, a shopper 401, an admin her own data", async () => {
    const owner = await signedInOwner(t, 'Meera Page');
    const anonymous = await callApiInProcess(t.app, { method: 'GET', path: '/api/admin/me', cookie: null }, uniqueIp());
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ success: false });

    const shopper = await signedInUser(t.app, mail);
    const asShopper = await callApiInProcess(t.app, { method: 'GET', path: '/api/admin/me', cookie: `sid=${shopper.sid}` }, uniqueIp());
    expect(asShopper.status).toBe(401);

    const me = await callApiInProcess(t.app, { method: 'GET', path: '/api/admin/me', cookie: `theme=x; asid=${owner.asid}` }, uniqueIp());
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ success: true, data: { admin: { adminName: 'Meera Page', role: 'owner' } } });
  });

  it('sends a state change as JSON (`{}` when empty) past the same-origin check, and hands back Set-Cookie', async () => {
    const owner = await signedInOwner(t);
    const created = await callApiInProcess(
      t.app,
      {
        method: 'POST',
        path: '/api/admin/category/createCategory',
        cookie: `asid=${owner.asid}`,
        body: { categoryName: 'Page Call Sarees', style: 'traditional', hsnCode: '6211' },
      },
      uniqueIp(),
    );
    expect(created.status).toBe(200);
    const logout = await callApiInProcess(t.app, { method: 'POST', path: '/api/admin/logout', cookie: `asid=${owner.asid}` }, uniqueIp());
    expect(logout.status).toBe(200);
    expect(logout.setCookie.some((cookie) => cookie.startsWith('asid=;'))).toBe(true);
    const after = await callApiInProcess(t.app, { method: 'GET', path: '/api/admin/me', cookie: `asid=${owner.asid}` }, uniqueIp());
    expect(after.status).toBe(401);
  });
});

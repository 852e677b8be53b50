import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { authEvents } from '../identity/tables.js';
import { capturingMailer, uniqueIp } from '../test/accounts.js';
import { ADMIN_PASSWORD, adminCall, signedInOwner } from '../test/admins.js';
import { useTestApp } from '../test/app.js';

// PGlite has one connection; only a real server with several shows that the alert is decided once under races.
const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer } });

describe('the failed-logins alert on PostgreSQL', () => {
  it('twelve wrong passwords at once from twelve addresses send the owner one alert, and the right password still works', async () => {
    const owner = await signedInOwner(t);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        adminCall(t.app, 'POST', '/api/admin/login', { ip: uniqueIp(), body: { adminEmail: owner.email, adminPassword: `wrong ${i}` } }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 12 }, () => 401));
    const alerts = await t.database.db
      .select()
      .from(authEvents)
      .where(and(eq(authEvents.kind, 'password_alerted'), eq(authEvents.subject, `admin:${owner.email}`)));
    expect(alerts).toHaveLength(1);
    await vi.waitFor(() => expect(mail.sent.filter((item) => item.subject.includes(owner.email))).toHaveLength(1));
    await t.services.mail.idle();
    expect(mail.sent.filter((item) => item.subject.includes(owner.email))).toHaveLength(1);

    const login = await adminCall(t.app, 'POST', '/api/admin/login', {
      ip: uniqueIp(),
      body: { adminEmail: owner.email, adminPassword: ADMIN_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });
});

import { describe, expect, it } from 'vitest';
import { adminLogin } from '../../test/admins.js';
import { useTestApp } from '../../test/app.js';
import { DEMO_OWNER_EMAIL, ensureDemoOwner } from './demo-owner.js';

const t = useTestApp();

describe('the demo owner', () => {
  it('is created once, with a random password that logs in, only while there is no admin at all', async () => {
    const first = await ensureDemoOwner(t.database.db);
    expect(first?.email).toBe(DEMO_OWNER_EMAIL);
    expect(first?.password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const asid = await adminLogin(t.app, DEMO_OWNER_EMAIL, first!.password);
    expect(asid).toBeTruthy();
    expect(await ensureDemoOwner(t.database.db)).toBeNull();
    const [account] = await t.services.admins.listAccounts();
    expect(account).toMatchObject({ adminEmail: DEMO_OWNER_EMAIL, role: 'owner', active: true });
  });
});

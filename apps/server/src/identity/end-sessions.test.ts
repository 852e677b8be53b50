import type { AuditEntry } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { commandLineActor } from '../audit/service.js';
import { SIGNED_IN_KINDS } from '../auth/signed-in-kinds.js';
import { ConfigError } from '../config.js';
import { capturingMailer, jsonCall, signedInUser, uniqueEmail } from '../test/accounts.js';
import { adminCall, signedInOwner, signedInStaff } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { runCli } from '../test/cli.js';
import { SESSIONS_END_USAGE, describeEnded, endSessions, sessionsEndTarget } from './end-sessions.js';

const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer } });
const actor = commandLineActor('sessions:end', { SUDO_USER: 'meera' });
const end = (target: Parameters<typeof endSessions>[2]) =>
  endSessions(t.database.db, SIGNED_IN_KINDS, target, { actor, now: () => new Date() });

const shopperIn = async (sid: string) => (await jsonCall(t.app, 'GET', '/api/user/auth/me', { sid })).statusCode;
const adminIn = async (asid: string) => (await adminCall(t.app, 'GET', '/api/admin/me', { asid })).statusCode;

async function auditOf(asid: string, query: string): Promise<AuditEntry[]> {
  const answer = await adminCall(t.app, 'GET', `/api/admin/audit?${query}`, { asid });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: { entries: AuditEntry[] } }>().data.entries;
}

describe('npm run sessions:end', () => {
  it('--email signs one shopper out on every device, leaves others in, and is audited with who ran it', async () => {
    const owner = await signedInOwner(t);
    const asha = await signedInUser(t.app, mail);
    const ashaPhone = await jsonCall(t.app, 'POST', '/api/user/auth/loginUsingPassword', {
      body: { email: asha.email, password: asha.password },
    });
    const other = await signedInUser(t.app, mail);

    const target = sessionsEndTarget({ email: `  ${asha.email.toUpperCase()} ` });
    const ended = await end(target);
    expect(ended).toEqual({ byKind: { shopper: 2 }, total: 2 });
    expect(describeEnded(target, ended)).toBe(`Ended 2 sessions of ${asha.email} (2 shopper); they must sign in again.`);

    // The ended sessions' cookies are refused; the other shopper and the owner stay signed in.
    expect(await shopperIn(asha.sid)).toBe(401);
    expect(await shopperIn(ashaPhone.cookies.find((cookie) => cookie.name === 'sid')!.value)).toBe(401);
    expect(await shopperIn(other.sid)).toBe(200);
    expect(await adminIn(owner.asid)).toBe(200);

    const [entry] = await auditOf(owner.asid, `entity=user&entityId=${asha.userId}`);
    expect(entry).toMatchObject({
      action: 'user.sessions_end',
      actor: { _id: null, label: 'command line (sessions:end, run by meera)' },
      after: { email: asha.email, sessionsEnded: 2 },
    });
  });

  it('--email of a staff account ends her back-office sessions', async () => {
    const owner = await signedInOwner(t);
    const staff = await signedInStaff(t, owner);
    expect(await end({ email: staff.email })).toEqual({ byKind: { staff: 1 }, total: 1 });
    expect(await adminIn(staff.asid)).toBe(401);
    expect(await adminIn(owner.asid)).toBe(200);
    const [entry] = await auditOf(owner.asid, `entity=admin&entityId=${staff.admin._id}`);
    expect(entry).toMatchObject({ action: 'admin.sessions_end', after: { email: staff.email, sessionsEnded: 1 } });
  });

  it('--all signs every shopper and admin out, counts them and writes one audit entry', async () => {
    const owner = await signedInOwner(t);
    const asha = await signedInUser(t.app, mail);
    const ended = await end({ all: true });
    expect(ended.byKind.staff).toBeGreaterThanOrEqual(1);
    expect(ended.byKind.shopper).toBeGreaterThanOrEqual(1);
    expect(ended.total).toBe(ended.byKind.staff! + ended.byKind.shopper!);
    expect(describeEnded({ all: true }, ended)).toBe(
      `Ended ${ended.total} sessions of everybody (${ended.byKind.shopper} shopper, ${ended.byKind.staff} staff); they must sign in again.`,
    );
    expect(await shopperIn(asha.sid)).toBe(401);
    expect(await adminIn(owner.asid)).toBe(401);
    // Nobody left to end: 0, and still audited.
    const none = await end({ all: true });
    expect(none).toEqual({ byKind: { shopper: 0, staff: 0 }, total: 0 });
    expect(describeEnded({ all: true }, none)).toBe('Ended 0 sessions of everybody (0 shopper, 0 staff).');

    const reader = await signedInOwner(t);
    const entries = await auditOf(reader.asid, 'entity=session');
    expect(entries.slice(0, 2).map((entry) => [entry.action, entry.entityId, entry.after])).toEqual([
      ['session.end_all', 'all', { shopperSessionsEnded: 0, staffSessionsEnded: 0 }],
      ['session.end_all', 'all', { shopperSessionsEnded: ended.byKind.shopper, staffSessionsEnded: ended.byKind.staff }],
    ]);
  });

  it('refuses an address no account has, writing nothing, and asks for exactly one of --all and --email', async () => {
    const owner = await signedInOwner(t);
    const before = (await auditOf(owner.asid, 'entity=session')).length;
    const nobody = uniqueEmail('nobody');
    await expect(end({ email: nobody })).rejects.toThrow(new ConfigError(`--email: no shopper or staff account has the address ${nobody}`));
    expect((await auditOf(owner.asid, 'entity=session')).length).toBe(before);

    expect(() => sessionsEndTarget({})).toThrow(`say whom to sign out: --all, or --email <address> (${SESSIONS_END_USAGE})`);
    expect(() => sessionsEndTarget({ all: true, email: 'a@example.in' })).toThrow(
      `choose --all or --email, not both (${SESSIONS_END_USAGE})`,
    );
    expect(() => sessionsEndTarget({ email: 'not an address' })).toThrow(`--email: Please enter a valid email. (${SESSIONS_END_USAGE})`);
  });

  it('the command line without --all or --email answers one line and exit code 1', async () => {
    expect(await runCli('sessions-end', [], { DATABASE_URL: undefined })).toEqual({
      code: 1,
      stdout: '',
      stderr: `Cannot end sessions: say whom to sign out: --all, or --email <address> (${SESSIONS_END_USAGE})\n`,
    });
  }, 60_000);
});

import { hash } from '@node-rs/argon2';
import { parseSetCookie } from 'cookie';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BLOCKED_MESSAGE, shopperKind } from '../accounts/session.js';
import { userSessions, users } from '../accounts/tables.js';
import { WRONG_ADMIN_LOGIN, adminKind } from '../admin/session.js';
import { adminSessions, admins } from '../admin/tables.js';
import { testClock, uniqueEmail, uniqueIp } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { ARGON2, createIdentity, type IdentityKind } from './identity.js';
import type { PasswordFailureAlert } from './password-throttle.js';
import { hashToken } from './tokens.js';

const clock = testClock('2026-05-04T10:00:00.000Z');
const t = useTestApp({ services: { now: clock.now, publicUrl: 'https://shop.example.in' } });

const PASSWORD = 'a good password 2026';
const WRONG = 'not the password 99';
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
/** A cookie's Expires has whole seconds. */
const toSeconds = (at: Date) => new Date(Math.floor(at.getTime() / 1000) * 1000);

/** One kind of account as the tests drive it: how to make an account, stop it signing in, and read a session's stored expiry. */
interface KindUnderTest<TAccount extends { id: string; passwordHash: string }> {
  name: string;
  kind: IdentityKind<TAccount>;
  cookie: { name: string; sameSite: 'Lax' | 'Strict' };
  days: number;
  create(email: string): Promise<string>;
  disable(accountId: string): Promise<void>;
  storedExpiry(token: string): Promise<Date | undefined>;
  /** The answer to a client held back after ten wrong passwords. */
  lockedOut: string;
  /** What the right password of an account that may not sign in answers. */
  refusedWhenDisabled: { code: string; message: string };
}

const shoppers: KindUnderTest<typeof users.$inferSelect> = {
  name: 'shoppers',
  kind: shopperKind,
  cookie: { name: 'sid', sameSite: 'Lax' },
  days: 30,
  async create(email) {
    const values = { email, firstName: 'Asha', lastName: 'Rao', passwordHash: await hash(PASSWORD, ARGON2) };
    const [row] = await t.database.db.insert(users).values(values).returning();
    return row!.id;
  },
  async disable(userId) {
    await t.database.db.update(users).set({ blockedAt: clock.now() }).where(eq(users.id, userId));
  },
  async storedExpiry(token) {
    const [row] = await t.database.db
      .select()
      .from(userSessions)
      .where(eq(userSessions.tokenHash, hashToken(token)));
    return row?.expiresAt;
  },
  lockedOut: 'Too many failed login attempts. Please try again in 15 minutes, or log in with an OTP sent to your email.',
  refusedWhenDisabled: { code: 'NOT_ALLOWED', message: BLOCKED_MESSAGE },
};

const backOffice: KindUnderTest<typeof admins.$inferSelect> = {
  name: 'admins',
  kind: adminKind,
  cookie: { name: 'asid', sameSite: 'Strict' },
  days: 7,
  async create(email) {
    const values = { name: 'Meera', email, passwordHash: await hash(PASSWORD, ARGON2), role: 'staff' as const };
    const [row] = await t.database.db.insert(admins).values(values).returning();
    return row!.id;
  },
  async disable(adminId) {
    await t.database.db.update(admins).set({ active: false }).where(eq(admins.id, adminId));
  },
  async storedExpiry(token) {
    const [row] = await t.database.db
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.tokenHash, hashToken(token)));
    return row?.expiresAt;
  },
  lockedOut: 'Too many failed login attempts. Please try again in 15 minutes.',
  // Nobody learns that a deactivated account exists.
  refusedWhenDisabled: { code: 'UNAUTHENTICATED', message: WRONG_ADMIN_LOGIN },
};

function describeKind<TAccount extends { id: string; email: string; passwordHash: string }>(spec: KindUnderTest<TAccount>) {
  const alerts: Array<{ account: TAccount; alert: PasswordFailureAlert }> = [];
  const identityOf = () =>
    createIdentity(t.database.db, spec.kind, {
      now: clock.now,
      publicUrl: 'https://shop.example.in',
      onFailureAlert: (account, alert) => {
        alerts.push({ account, alert });
      },
    });
  const signedIn = async () => {
    const identity = identityOf();
    const email = uniqueEmail(spec.name);
    const accountId = await spec.create(email);
    const { account, session } = await identity.loginWithPassword(email, PASSWORD, uniqueIp());
    return { identity, email, accountId, account, session };
  };

  describe(`identity of ${spec.name}`, () => {
    it(`starts a session of ${spec.days} days on the right password; the token is stored only as its hash`, async () => {
      const { identity, accountId, account, session } = await signedIn();
      expect(account.id).toBe(accountId);
      expect(session.expiresAt).toEqual(new Date(clock.now().getTime() + spec.days * DAY));
      expect(await spec.storedExpiry(session.token)).toEqual(session.expiresAt);
      expect((await identity.authenticate(session.token))?.account.id).toBe(accountId);
    });

    it('rotates on login: the session the browser had ends, the account’s other sessions stay', async () => {
      const { identity, email, session: first } = await signedIn();
      const { session: elsewhere } = await identity.loginWithPassword(email, PASSWORD, uniqueIp());
      const { session: next } = await identity.loginWithPassword(email, PASSWORD, uniqueIp(), first.token);
      expect(next.token).not.toBe(first.token);
      expect(await identity.authenticate(first.token)).toBeNull();
      expect(await identity.authenticate(next.token)).not.toBeNull();
      expect(await identity.authenticate(elsewhere.token)).not.toBeNull();
    });

    it('slides at most once a day, and only then hands back the cookie to send again', async () => {
      const { identity, session } = await signedIn();
      clock.advance(12 * HOUR);
      const early = await identity.authenticate(session.token);
      expect(early?.session.expiresAt).toEqual(session.expiresAt);
      expect(early?.setCookie).toBeUndefined();

      clock.advance(13 * HOUR);
      const slid = await identity.authenticate(session.token);
      const moved = new Date(clock.now().getTime() + spec.days * DAY);
      expect(slid?.session).toEqual({ token: session.token, expiresAt: moved });
      expect(await spec.storedExpiry(session.token)).toEqual(moved);
      expect(parseSetCookie(slid!.setCookie!)).toEqual({
        name: spec.cookie.name,
        value: session.token,
        path: '/',
        expires: toSeconds(moved),
        httpOnly: true,
        secure: true,
        sameSite: spec.cookie.sameSite.toLowerCase(),
      });
      // Read again within the day: nothing to write, nothing to send.
      expect((await identity.authenticate(session.token))?.setCookie).toBeUndefined();
    });

    it(`ends a session left unused for ${spec.days} days; one in use lives on`, async () => {
      const { identity, email, session: idle } = await signedIn();
      const { session: used } = await identity.loginWithPassword(email, PASSWORD, uniqueIp());
      for (let day = 0; day < spec.days; day++) {
        clock.advance(DAY);
        expect(await identity.authenticate(used.token)).not.toBeNull();
      }
      expect(await identity.authenticate(idle.token)).toBeNull();
    });

    it('revokes one session (logout), all but the current one, or all', async () => {
      const { identity, email, accountId, session: a } = await signedIn();
      const login = () => identity.loginWithPassword(email, PASSWORD, uniqueIp()).then((result) => result.session.token);
      const [b, c, d] = [await login(), await login(), await login()];
      await identity.logout(a.token);
      expect(await identity.authenticate(a.token)).toBeNull();
      expect(await identity.authenticate(b)).not.toBeNull();

      await identity.sessions.revokeAllBut(accountId, b);
      expect(await identity.authenticate(b)).not.toBeNull();
      expect([await identity.authenticate(c), await identity.authenticate(d)]).toEqual([null, null]);

      await identity.sessions.revokeAll(accountId);
      expect(await identity.authenticate(b)).toBeNull();
      await expect(identity.logout(undefined)).resolves.toBeUndefined();
    });

    it('reads the session of an account that may no longer sign in as none, and refuses its right password', async () => {
      const { identity, email, accountId, session } = await signedIn();
      await spec.disable(accountId);
      expect(await identity.authenticate(session.token)).toBeNull();
      await expect(identity.loginWithPassword(email, PASSWORD, uniqueIp())).rejects.toMatchObject(spec.refusedWhenDisabled);
    });

    it('holds back only the client that failed ten times, for 15 minutes; the right password from any other gets in', async () => {
      const identity = identityOf();
      const email = uniqueEmail(spec.name);
      await spec.create(email);
      const attacker = uniqueIp();
      for (let i = 0; i < 10; i++) {
        await expect(identity.loginWithPassword(email, WRONG, attacker)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
      }
      await expect(identity.loginWithPassword(email, PASSWORD, attacker)).rejects.toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        message: spec.lockedOut,
      });
      await expect(identity.loginWithPassword(email, PASSWORD, uniqueIp())).resolves.toMatchObject({ account: { email } });
      clock.advance(15 * 60_000 + 1);
      await expect(identity.loginWithPassword(email, PASSWORD, attacker)).resolves.toMatchObject({ account: { email } });
    });

    it('alerts once when an account sees ten failures from anywhere; an unknown address alerts nobody', async () => {
      const identity = identityOf();
      const email = uniqueEmail(spec.name);
      await spec.create(email);
      const unknown = uniqueEmail(spec.name);
      for (let i = 0; i < 11; i++) {
        await expect(identity.loginWithPassword(email, WRONG, uniqueIp())).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
        await expect(identity.loginWithPassword(unknown, WRONG, uniqueIp())).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
      }
      const mine = alerts.filter((item) => (item.account as { email?: string }).email === email);
      expect(mine.map((item) => [item.alert.failures, item.alert.addresses])).toEqual([[10, 10]]);
      expect(alerts.filter((item) => (item.account as { email?: string }).email === unknown)).toEqual([]);
    });
  });
}

describeKind(shoppers);
describeKind(backOffice);

describe('the two kinds stay apart', () => {
  it('a shopper and an admin with one address have their own sessions and their own failure counts', async () => {
    const email = uniqueEmail('both');
    await shoppers.create(email);
    await backOffice.create(email);
    const shopper = createIdentity(t.database.db, shopperKind, { now: clock.now, publicUrl: 'http://localhost:3000' });
    const admin = createIdentity(t.database.db, adminKind, { now: clock.now, publicUrl: 'http://localhost:3000' });
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++)
      await expect(shopper.loginWithPassword(email, WRONG, ip)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(shopper.loginWithPassword(email, PASSWORD, ip)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });

    const { session } = await admin.loginWithPassword(email, PASSWORD, ip);
    expect(await admin.authenticate(session.token)).not.toBeNull();
    expect(await shopper.authenticate(session.token)).toBeNull();
  });
});

describe('the page services resolve a session cookie for each kind', () => {
  it('answer the shopper, with the cookie to send again only once the session slid', async () => {
    const email = uniqueEmail();
    await shoppers.create(email);
    const { session } = await t.services.accounts.loginUsingPassword(email, PASSWORD, uniqueIp());
    const fresh = await t.services.accounts.authenticate(session.token);
    expect(fresh).toMatchObject({ user: { userEmail: email } });
    expect(fresh?.setCookie).toBeUndefined();
    clock.advance(DAY + HOUR);
    const slid = await t.services.accounts.authenticate(session.token);
    expect(slid?.setCookie).toMatch(/^sid=[\w-]{43}; Path=\/; Expires=.+; HttpOnly; Secure; SameSite=Lax$/);
    expect(parseSetCookie(slid!.setCookie!).expires).toEqual(toSeconds(slid!.session.expiresAt));
    expect(await t.services.accounts.authenticate('not-a-session')).toBeNull();
  });

  it('answer the admin, with the cookie to send again only once the session slid', async () => {
    const email = uniqueEmail('admin');
    await backOffice.create(email);
    const { session } = await t.services.admins.login(email, PASSWORD, uniqueIp());
    const fresh = await t.services.admins.authenticate(session.token);
    expect(fresh).toMatchObject({ admin: { adminEmail: email, role: 'staff' } });
    expect(fresh?.setCookie).toBeUndefined();
    clock.advance(DAY + HOUR);
    const slid = await t.services.admins.authenticate(session.token);
    expect(slid?.setCookie).toMatch(/^asid=[\w-]{43}; Path=\/; Expires=.+; HttpOnly; Secure; SameSite=Strict$/);
    expect(parseSetCookie(slid!.setCookie!).expires).toEqual(toSeconds(slid!.session.expiresAt));
    expect(await t.services.admins.authenticate(undefined)).toBeNull();
  });
});

import { hash } from '@node-rs/argon2';
import {
  changePasswordSchema,
  registerSchema,
  resetPasswordSchema,
  updateProfileSchema,
  type ResetPasswordInput,
  type PublicUser,
  type RegisterInput,
  type UpdateProfileInput,
  AppError,
} from '@shop/core';
import type { z } from 'zod';
import type { Db } from '../db/database.js';
import type { MailQueue } from '../mail/queue.js';
import { codeMail, existingAccountMail, failedLoginsMail, noAccountMail } from '../mail/templates.js';
import type { SettingsService } from '../settings/service.js';
import { insertNotification } from '../notifications/queries.js';
import { ARGON2, createIdentity } from '../identity/identity.js';
import { PASSWORD_ALERT, type PasswordFailureAlert } from '../identity/password-throttle.js';
import type { Session } from '../identity/sessions.js';
import { OTP_RULES, createCodeStore, type CodePurpose } from './code-store.js';
import { BLOCKED_MESSAGE, shopperKind } from './session.js';
import { insertUser, updateUser, userByEmail, userById as userRowById, type UserRow } from './queries.js';

export { ARGON2 } from '../identity/identity.js';

/** A blocked shopper learns it only after proving who she is (right password or code), never a stranger. */
const assertNotBlocked = (user: UserRow) => {
  if (user.blockedAt) throw new AppError('NOT_ALLOWED', BLOCKED_MESSAGE);
};
const NOT_VERIFIED = () =>
  new AppError('INVALID_DATA', 'Please verify your email with an OTP first.', { email: 'Please verify your email first.' });

export interface AccountsOptions {
  /** Codes and notices go through the mail outbox: an SMTP outage delays them, never refuses the shopper. */
  mail: MailQueue;
  settings: SettingsService;
  publicUrl: string;
  /** Key for the HMAC of one-time codes. */
  secret: string;
  now: () => Date;
}

const toPublicUser = (row: UserRow): PublicUser => ({
  _id: row.id,
  userEmail: row.email,
  userFirstName: row.firstName,
  userLastName: row.lastName,
  userPhone: row.phone,
  userDOB: row.dob,
  userGender: row.gender as PublicUser['userGender'],
});

/** Sign-up, login by password or code, sessions and the shopper's own profile. */
export function createAccountsService(db: Db, options: AccountsOptions) {
  const { now } = options;
  const codes = createCodeStore(db, { secret: options.secret, now });
  const identity = createIdentity(db, shopperKind, { now, publicUrl: options.publicUrl, onFailureAlert: queueFailedLoginsAlert });
  const { sessions } = identity;

  const findByEmail = (email: string) => userByEmail(db, email);

  /**
   * Issues a code, counted against the address's and the IP's limits, and queues its mail in the same
   * transaction; or, with `instead`, queues that notice and never the code. Either way the address gets one
   * mail and the caller waits for its first attempt, so neither the answer, nor its timing, nor a later wrong
   * guess tells whether an account exists. SMTP down: the answer is the same and the mail follows when it is back.
   */
  async function sendCode(email: string, ip: string, purpose: CodePurpose, instead?: typeof existingAccountMail): Promise<void> {
    const shop = await options.settings.get();
    const publicUrl = options.publicUrl;
    const mailId = await codes.issue(email, ip, purpose, (tx, code) =>
      options.mail.enqueue(
        tx,
        instead
          ? instead({ to: email, shop, publicUrl })
          : codeMail({ to: email, code, purpose, minutesValid: OTP_RULES.validMinutes, shop, publicUrl }),
        // Both kinds live as long as a code, so the two answers cannot be told apart by what happens to the mail.
        { kind: 'code', sensitive: true, validForMs: OTP_RULES.validMinutes * 60_000 },
      ),
    );
    await options.mail.deliverNow([mailId]);
  }

  /**
   * Tells the shopper her account saw many failed password logins. Queued and delivered in the background:
   * the answer to the wrong password never waits for the mail server.
   */
  async function queueFailedLoginsAlert(user: UserRow, alert: PasswordFailureAlert): Promise<void> {
    const shop = await options.settings.get();
    const mail = failedLoginsMail({
      to: user.email,
      account: user.email,
      backOffice: false,
      ...alert,
      everyMinutes: PASSWORD_ALERT.windowMinutes,
      shop,
      publicUrl: options.publicUrl,
    });
    options.mail.deliverSoon([await options.mail.enqueue(db, mail, { kind: 'alert' })]);
  }

  async function userById(userId: string): Promise<UserRow> {
    const row = await userRowById(db, userId);
    if (!row) throw new AppError('UNAUTHENTICATED', 'Please log in.');
    return row;
  }

  return {
    /** Mails a login code to a known address; an unknown one gets the same answer and a 'no account here' mail. */
    async sendLoginOtp(email: string, ip: string): Promise<void> {
      const user = await findByEmail(email);
      await sendCode(email, ip, 'login', user ? undefined : noAccountMail);
    },

    /** Mails a sign-up code to a new address; a known one gets the same answer and a 'you already have an account' mail. */
    async sendAccountVerificationOtp(email: string, ip: string): Promise<void> {
      const user = await findByEmail(email);
      await sendCode(email, ip, 'verify', user ? existingAccountMail : undefined);
    },

    /** Checks a sign-up code; `ip` is the client whose wrong guesses are counted (ADR 034). */
    async verifyAccountOtp(email: string, otp: string, ip: string): Promise<void> {
      await codes.consume(email, 'verify', otp, ip);
    },

    async loginUsingPassword(
      email: string,
      password: string,
      ip: string,
      previousToken?: string,
    ): Promise<{ user: PublicUser; session: Session }> {
      const { account, session } = await identity.loginWithPassword(email, password, ip, previousToken);
      return { user: toPublicUser(account), session };
    },

    async verifyLoginOtp(email: string, otp: string, ip: string, previousToken?: string): Promise<{ user: PublicUser; session: Session }> {
      await codes.consume(email, 'login', otp, ip);
      const user = await findByEmail(email);
      // Unreachable for a consumed code unless the account was deleted in between.
      if (!user) throw new AppError('UNAUTHENTICATED', 'Invalid OTP.');
      // The owner proved the mailbox: a lock her network's failures caused ends here.
      await identity.forgetFailedLogins(email);
      assertNotBlocked(user);
      return { user: toPublicUser(user), session: await sessions.create(user.id, previousToken) };
    },

    /** Mails a password reset code to a known address; an unknown one gets the same answer and a 'no account here' mail. */
    async forgotPassword(email: string, ip: string): Promise<void> {
      const user = await findByEmail(email);
      await sendCode(email, ip, 'reset', user ? undefined : noAccountMail);
    },

    /**
     * Sets a new password once the mailed reset code matches (wrong guesses from `ip` counted like login codes), and ends
     * every session of the shopper: whoever knew the old password is signed out everywhere.
     */
    async resetPassword(input: ResetPasswordInput, ip: string): Promise<void> {
      const details = resetPasswordSchema.parse(input);
      await codes.consume(details.email, 'reset', details.otp, ip);
      const user = await findByEmail(details.email);
      // Unreachable for a consumed code unless the account was deleted in between.
      if (!user) throw new AppError('INVALID_DATA', 'Invalid OTP.', { otp: 'Invalid OTP.' });
      const passwordHash = await hash(details.newPassword, ARGON2);
      await db.transaction(async (tx) => {
        await updateUser(tx, user.id, { passwordHash, updatedAt: now() });
        await sessions.revokeAll(user.id, tx);
      });
      // The owner proved the mailbox: a lock her network's failures caused ends here.
      await identity.forgetFailedLogins(details.email);
    },

    /**
     * Creates the account of an address verified in the last 30 minutes, and a welcome notification. A known
     * address answers exactly like an unverified one: its sign-up codes are never sent, and registering uses
     * the verification up, so only the mailbox's owner could ever tell the two apart.
     */
    async register(input: RegisterInput): Promise<PublicUser> {
      const details = registerSchema.parse(input);
      if (!(await codes.isRecentlyVerified(details.email)) || (await findByEmail(details.email))) throw NOT_VERIFIED();
      const passwordHash = await hash(details.password, ARGON2);
      const shop = await options.settings.get();
      return db.transaction(async (tx) => {
        const row = await insertUser(tx, {
          email: details.email,
          firstName: details.firstName,
          lastName: details.lastName,
          passwordHash,
          createdAt: now(),
          updatedAt: now(),
        });
        if (!row) throw NOT_VERIFIED();
        await codes.forgetVerification(details.email, tx);
        await insertNotification(tx, {
          userId: row.id,
          title: `Welcome to ${shop.name}`,
          body: 'Your account is ready. Save your addresses and wishlist, and follow your orders here.',
          link: '/filter',
          createdAt: now(),
        });
        return toPublicUser(row);
      });
    },

    /**
     * The shopper behind a session cookie, or null; extends the session when it is more than a day old, and then
     * `setCookie` is the Set-Cookie header that moves the cookie's expiry along (for pages, which answer without Fastify).
     */
    async authenticate(token: string | undefined): Promise<{ user: PublicUser; session: Session; setCookie?: string } | null> {
      const found = await identity.authenticate(token);
      if (!found) return null;
      const { account, ...rest } = found;
      return { user: toPublicUser(account), ...rest };
    },

    async logout(token: string | undefined): Promise<void> {
      await identity.logout(token);
    },

    async getProfile(userId: string): Promise<PublicUser> {
      return toPublicUser(await userById(userId));
    },

    async updateProfile(userId: string, input: UpdateProfileInput): Promise<PublicUser> {
      const details = updateProfileSchema.parse(input);
      const row = await updateUser(db, userId, { ...details, updatedAt: now() });
      if (!row) throw new AppError('UNAUTHENTICATED', 'Please log in.');
      return toPublicUser(row);
    },

    /**
     * Changes the password after checking the current one, throttled like a login from `ip`; every other session
     * of the user ends.
     */
    async changePassword(userId: string, input: z.input<typeof changePasswordSchema>, currentToken: string, ip: string): Promise<void> {
      const details = changePasswordSchema.parse(input);
      const user = await userById(userId);
      await identity.assertCurrentPassword(user, details.currentPassword, ip);
      await updateUser(db, userId, { passwordHash: await hash(details.newPassword, ARGON2), updatedAt: now() });
      await sessions.revokeAllBut(userId, currentToken);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;

import { hash } from '@node-rs/argon2';
import {
  ADMIN_INVITE_DAYS,
  AppError,
  adminChangePasswordSchema,
  adminRegisterSchema,
  adminResetPasswordSchema,
  newPassword,
  type AdminAccount,
  type AdminChangePasswordInput,
  type AdminRegisterInput,
  type AdminResetPasswordInput,
  type CreateInviteInput,
  type Invite,
  type PublicAdmin,
} from '@shop/core';
import { COMMAND_LINE, actorOf, recordAudit, requireOwner, type AuditActor } from '../audit/service.js';
import type { Db } from '../db/database.js';
import type { Mailer } from '../mail/mailer.js';
import type { MailQueue } from '../mail/queue.js';
import { adminInviteMail, codeMail, failedLoginsMail } from '../mail/templates.js';
import { createCodeStore, OTP_RULES } from '../accounts/code-store.js';
import { ARGON2, createIdentity } from '../identity/identity.js';
import { PASSWORD_ALERT, type PasswordFailureAlert } from '../identity/password-throttle.js';
import type { Session } from '../identity/sessions.js';
import { daysAfter, hashToken, newToken } from '../identity/tokens.js';
import type { SettingsService } from '../settings/service.js';
import { adminKind } from './session.js';
import {
  activeOwnerEmails,
  adminByEmail,
  adminById,
  allAdmins,
  insertAdmin,
  insertInvite,
  inviteByTokenHash,
  lockAdmin,
  lockInvite,
  newestInvites,
  updateAdmin,
  updateInvite,
  type AdminRow,
  type InviteRow,
} from './queries.js';

export { WRONG_ADMIN_LOGIN } from './session.js';
export const INVALID_INVITE = 'This invite link is not valid or has expired. Ask the owner for a new one.';

export interface AdminsOptions {
  mailer: Mailer;
  /**
   * The outbox for password-reset codes (queued with the code, in its transaction) and the key of the codes'
   * hashes; the command line's admin:create, which mails nothing, has neither.
   */
  codes?: { mail: MailQueue; secret: string };
  settings: SettingsService;
  publicUrl: string;
  now: () => Date;
  onMailError?: (error: unknown) => void;
}

export const toPublicAdmin = (row: AdminRow): PublicAdmin => ({
  _id: row.id,
  adminName: row.name,
  adminEmail: row.email,
  role: row.role,
});

/** What the audit log keeps of an account: never the password hash. */
export const accountSnapshot = (row: AdminRow) => ({ ...toPublicAdmin(row), active: row.active });

function inviteStatus(row: InviteRow, at: Date): Invite['status'] {
  if (row.usedAt) return 'used';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= at ? 'expired' : 'pending';
}

/** Back-office accounts: login and sessions (apart from shoppers'), invites, roles, and the first owner. */
export function createAdminsService(db: Db, options: AdminsOptions) {
  const { now } = options;
  const identity = createIdentity(db, adminKind, { now, publicUrl: options.publicUrl, onFailureAlert: alertOwners });
  const { sessions } = identity;
  const codes = options.codes && createCodeStore(db, { secret: options.codes.secret, now });
  const codeStore = () => {
    if (!codes || !options.codes) throw new Error('createAdminsService: password-reset codes need options.codes');
    return { store: codes, mail: options.codes.mail };
  };

  /**
   * Mails every active owner, and the admin concerned, that her account saw many failed logins. Not awaited:
   * a wrong password must be answered as fast whether the account exists or not.
   */
  function alertOwners(admin: AdminRow, alert: PasswordFailureAlert): void {
    const send = async () => {
      const owners = await activeOwnerEmails(db);
      const shop = await options.settings.get();
      for (const to of new Set([...owners, admin.email])) {
        const mail = failedLoginsMail({
          to,
          account: admin.email,
          backOffice: true,
          ...alert,
          everyMinutes: PASSWORD_ALERT.windowMinutes,
          shop,
          publicUrl: options.publicUrl,
        });
        await options.mailer.send(mail).catch((error: unknown) => options.onMailError?.(error));
      }
    };
    void send().catch((error: unknown) => options.onMailError?.(error));
  }

  /** Creates an owner, or gives an existing account a new password (and back its access), in one audited transaction. */
  async function createOrReset(input: { email: string; name: string; password: string }, actor: AuditActor) {
    const passwordHash = await hash(input.password, ARGON2);
    const result = await db.transaction(async (tx) => {
      const existing = await adminByEmail(tx, input.email, { lock: true });
      const at = now();
      if (existing) {
        const row = await updateAdmin(tx, existing.id, { passwordHash, active: true, updatedAt: at });
        await sessions.revokeAll(existing.id, tx);
        await recordAudit(
          tx,
          actor,
          {
            action: 'admin.password_reset',
            entity: 'admin',
            entityId: existing.id,
            before: accountSnapshot(existing),
            after: accountSnapshot(row),
          },
          at,
        );
        return { created: false, admin: toPublicAdmin(row) };
      }
      const row = await insertAdmin(tx, {
        name: input.name,
        email: input.email,
        passwordHash,
        role: 'owner',
        createdAt: at,
        updatedAt: at,
      });
      // Only a command line racing another for the same new address gets here; the other made the account.
      if (!row) throw new AppError('CONFLICT', 'There is already an admin account for this email.');
      await recordAudit(tx, actor, { action: 'admin.create', entity: 'admin', entityId: row.id, after: accountSnapshot(row) }, at);
      return { created: true, admin: toPublicAdmin(row) };
    });
    // A reset is also how the owner gets back in after a lock-out.
    await identity.forgetFailedLogins(input.email);
    return result;
  }

  return {
    /**
     * Spec §7 POST /api/admin/login, with the shoppers' throttles: a client that keeps failing is held back, per
     * account and over all accounts; the right password from any other client still works. Many failures
     * for an account from anywhere alert the owners.
     */
    async login(email: string, password: string, ip: string, previousToken?: string): Promise<{ admin: PublicAdmin; session: Session }> {
      const { account, session } = await identity.loginWithPassword(email, password, ip, previousToken);
      return { admin: toPublicAdmin(account), session };
    },

    /**
     * The active admin behind a session cookie, or null; extends the session when it is more than a day old, and
     * then `setCookie` is the Set-Cookie header that moves the cookie's expiry along (for pages, which answer without Fastify).
     */
    async authenticate(token: string | undefined): Promise<{ admin: PublicAdmin; session: Session; setCookie?: string } | null> {
      const found = await identity.authenticate(token);
      if (!found) return null;
      const { account, ...rest } = found;
      return { admin: toPublicAdmin(account), ...rest };
    },

    async logout(token: string | undefined): Promise<void> {
      await identity.logout(token);
    },

    /** The address an invite link was sent to while the link still works (the sign-up page fills it in); else null. */
    async invitedEmail(inviteToken: string): Promise<string | null> {
      if (!inviteToken || inviteToken.length > 200) return null;
      const known = await inviteByTokenHash(db, hashToken(inviteToken));
      return known && inviteStatus(known, now()) === 'pending' ? known.email : null;
    },

    /**
     * Creates the account an owner invited: the token must be pending and unexpired, and the address the one it
     * was sent to. The invite is used up in the same transaction, so one link makes one account.
     */
    async register(input: AdminRegisterInput): Promise<PublicAdmin> {
      const details = adminRegisterSchema.parse(input);
      // A made-up token costs one indexed read, never an argon2 hash; the transaction below checks it again under lock.
      const known = await inviteByTokenHash(db, hashToken(details.inviteToken));
      if (!known || inviteStatus(known, now()) !== 'pending')
        throw new AppError('INVALID_DATA', INVALID_INVITE, { inviteToken: INVALID_INVITE });
      const passwordHash = await hash(details.adminPassword, ARGON2);
      return db.transaction(async (tx) => {
        const at = now();
        const invite = await inviteByTokenHash(tx, hashToken(details.inviteToken), { lock: true });
        if (!invite || inviteStatus(invite, at) !== 'pending')
          throw new AppError('INVALID_DATA', INVALID_INVITE, { inviteToken: INVALID_INVITE });
        if (invite.email !== details.adminEmail) {
          const message = 'This invite was sent to another email address.';
          throw new AppError('INVALID_DATA', message, { adminEmail: message });
        }
        const row = await insertAdmin(tx, {
          name: details.adminName,
          email: details.adminEmail,
          passwordHash,
          role: invite.role,
          createdAt: at,
          updatedAt: at,
        });
        if (!row) {
          const message = 'There is already an admin account for this email.';
          throw new AppError('CONFLICT', message, { adminEmail: message });
        }
        await updateInvite(tx, invite.id, { usedAt: at, usedBy: row.id });
        const admin = toPublicAdmin(row);
        await recordAudit(
          tx,
          actorOf(admin),
          { action: 'admin.register', entity: 'admin', entityId: row.id, after: { ...accountSnapshot(row), inviteId: invite.id } },
          at,
        );
        return admin;
      });
    },

    /** An owner invites someone: a single-use link, valid for a week, e-mailed and answered. */
    async createInvite(actor: AuditActor, input: CreateInviteInput): Promise<{ url: string; expiresAt: string }> {
      requireOwner(actor);
      const token = newToken();
      const at = now();
      const expiresAt = daysAfter(at, ADMIN_INVITE_DAYS);
      await db.transaction(async (tx) => {
        if (await adminByEmail(tx, input.email)) {
          const message = 'There is already an admin account for this email.';
          throw new AppError('CONFLICT', message, { email: message });
        }
        const row = await insertInvite(tx, {
          tokenHash: hashToken(token),
          email: input.email,
          role: input.role,
          createdBy: actor.id,
          createdAt: at,
          expiresAt,
        });
        await recordAudit(
          tx,
          actor,
          { action: 'invite.create', entity: 'invite', entityId: row.id, after: { email: row.email, role: row.role, expiresAt } },
          at,
        );
      });
      const url = `${options.publicUrl}/admin/signup?token=${encodeURIComponent(token)}`;
      try {
        const shop = await options.settings.get();
        await options.mailer.send(
          adminInviteMail({
            to: input.email,
            url,
            invitedBy: actor.label.replace(/ <.*>$/, ''),
            role: input.role,
            expiresAt,
            shop,
            publicUrl: options.publicUrl,
          }),
        );
      } catch (error) {
        // The owner has the link in the answer and can pass it on herself.
        options.onMailError?.(error);
      }
      return { url, expiresAt: expiresAt.toISOString() };
    },

    async listInvites(): Promise<Invite[]> {
      const rows = await newestInvites(db, 200);
      const at = now();
      return rows.map(({ invite, invitedBy }) => ({
        _id: invite.id,
        email: invite.email,
        role: invite.role,
        status: inviteStatus(invite, at),
        invitedBy,
        createdAt: invite.createdAt.toISOString(),
        expiresAt: invite.expiresAt.toISOString(),
      }));
    },

    /** The link stops working; revoking again changes nothing. A used invite cannot be revoked. */
    async revokeInvite(actor: AuditActor, inviteId: string): Promise<void> {
      requireOwner(actor);
      await db.transaction(async (tx) => {
        const invite = await lockInvite(tx, inviteId);
        if (!invite) throw new AppError('NOT_FOUND', 'Invite not found');
        if (invite.usedAt) throw new AppError('CONFLICT', 'This invite was already used; deactivate the account instead.');
        if (invite.revokedAt) return;
        const at = now();
        await updateInvite(tx, inviteId, { revokedAt: at });
        await recordAudit(
          tx,
          actor,
          {
            action: 'invite.revoke',
            entity: 'invite',
            entityId: inviteId,
            before: { status: inviteStatus(invite, at) },
            after: { status: 'revoked' },
          },
          at,
        );
      });
    },

    /**
     * `POST /api/admin/forgotPassword`: a reset code to an active admin's address, with the shoppers' limits per
     * address and network. Any other address gets nothing, and the same answer at the same pace, so the call does
     * not tell who has a back-office account.
     */
    async forgotPassword(email: string, ip: string): Promise<void> {
      const { store, mail } = codeStore();
      const account = await adminByEmail(db, email);
      const shop = await options.settings.get();
      // Every address is counted against the limits and answered alike (a 429 after five would otherwise tell
      // which addresses are admins'); only an active admin's code is mailed, and nobody waits for the mail.
      const mailId = await store.issue(email, ip, 'admin-reset', async (tx, code) =>
        account?.active
          ? mail.enqueue(
              tx,
              codeMail({
                to: email,
                code,
                purpose: 'admin-reset',
                minutesValid: OTP_RULES.validMinutes,
                shop,
                publicUrl: options.publicUrl,
              }),
              { kind: 'code', sensitive: true, validForMs: OTP_RULES.validMinutes * 60_000 },
            )
          : null,
      );
      if (mailId) mail.deliverSoon([mailId]);
    },

    /**
     * `POST /api/admin/resetPassword`: a new password once the mailed code matches (wrong guesses from `ip` counted as
     * for shoppers); every session of hers ends, and the failed logins her address saw are forgotten. Audited.
     */
    async resetPassword(input: AdminResetPasswordInput, ip: string): Promise<void> {
      const details = adminResetPasswordSchema.parse(input);
      await codeStore().store.consume(details.adminEmail, 'admin-reset', details.otp, ip);
      const account = await adminByEmail(db, details.adminEmail);
      // Unreachable for a consumed code unless the account was switched off in between.
      if (!account?.active) throw new AppError('INVALID_DATA', 'Invalid OTP.', { otp: 'Invalid OTP.' });
      const passwordHash = await hash(details.newPassword, ARGON2);
      await db.transaction(async (tx) => {
        const at = now();
        await updateAdmin(tx, account.id, { passwordHash, updatedAt: at });
        await sessions.revokeAll(account.id, tx);
        await recordAudit(
          tx,
          actorOf(toPublicAdmin(account)),
          { action: 'admin.password_reset', entity: 'admin', entityId: account.id },
          at,
        );
      });
      await identity.forgetFailedLogins(details.adminEmail);
    },

    /**
     * `POST /api/admin/changePassword`: after the current password (throttled like a login from `ip`), a new one;
     * every other session of hers ends (a phone left signed in at the counter, say), this one stays. Audited without
     * either password.
     */
    async changePassword(adminId: string, input: AdminChangePasswordInput, currentToken: string, ip: string): Promise<void> {
      const details = adminChangePasswordSchema.parse(input);
      const account = await adminById(db, adminId);
      if (!account) throw new AppError('UNAUTHENTICATED', 'Please log in.');
      await identity.assertCurrentPassword(account, details.currentPassword, ip);
      const passwordHash = await hash(details.newPassword, ARGON2);
      await db.transaction(async (tx) => {
        const at = now();
        await updateAdmin(tx, adminId, { passwordHash, updatedAt: at });
        await sessions.revokeAllBut(adminId, currentToken, tx);
        await recordAudit(tx, actorOf(toPublicAdmin(account)), { action: 'admin.password_change', entity: 'admin', entityId: adminId }, at);
      });
    },

    async listAccounts(): Promise<AdminAccount[]> {
      const rows = await allAdmins(db);
      return rows.map((row) => ({ ...toPublicAdmin(row), active: row.active, createdAt: row.createdAt.toISOString() }));
    },

    /** An owner turns a staff account off (its sessions end at once) or on again; owners are not switched off here. */
    async setActive(actor: AuditActor, adminId: string, active: boolean): Promise<AdminAccount> {
      requireOwner(actor);
      return db.transaction(async (tx) => {
        const row = await lockAdmin(tx, adminId);
        if (!row) throw new AppError('NOT_FOUND', 'Admin not found');
        if (row.role !== 'staff') throw new AppError('CONFLICT', 'Only staff accounts can be deactivated.');
        const at = now();
        let current = row;
        if (row.active !== active) {
          current = await updateAdmin(tx, adminId, { active, updatedAt: at });
          await recordAudit(
            tx,
            actor,
            {
              action: active ? 'admin.activate' : 'admin.deactivate',
              entity: 'admin',
              entityId: adminId,
              before: accountSnapshot(row),
              after: accountSnapshot(current),
            },
            at,
          );
        }
        if (!active) await sessions.revokeAll(adminId, tx);
        return { ...toPublicAdmin(current), active: current.active, createdAt: current.createdAt.toISOString() };
      });
    },

    /** `npm run admin:create`: an owner for a new address; for a known one, a new password and its sessions ended. */
    async createOrResetFromCommandLine(input: { email: string; name: string; password: string }) {
      newPassword.parse(input.password);
      return createOrReset(input, COMMAND_LINE);
    },
  };
}

export type AdminsService = ReturnType<typeof createAdminsService>;

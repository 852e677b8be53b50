import {
  ADMIN_SESSION_COOKIE,
  adminAccountSchema,
  adminChangePasswordSchema,
  adminForgotPasswordSchema,
  adminLoginSchema,
  adminResetPasswordSchema,
  adminRegisterSchema,
  auditEntrySchema,
  auditQuerySchema,
  createInviteSchema,
  createdInviteSchema,
  inviteSchema,
  pagingShape,
  publicAdminSchema,
} from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cookiePolicyFor } from '../accounts/session.js';
import { actorOf, type AuditService } from '../audit/service.js';
import { adminOf } from '../auth/plugin.js';
import { emptyAnswer, ok, okEnvelope } from '../http/envelope.js';
import type { AdminsService } from './service.js';
import { clearAdminSessionCookie, setAdminSessionCookie } from './session.js';

const tags = ['admin'];
const adminAnswer = { 200: okEnvelope(z.object({ admin: publicAdminSchema })) };

/** Spec §7 admin login and register, and logout: the only /api/admin calls without an admin session. */
export const adminAuthRoutes =
  (admins: AdminsService, config: { publicUrl: string }): FastifyPluginAsyncZod =>
  async (app) => {
    const cookies = cookiePolicyFor(config.publicUrl);

    app.post(
      '/api/admin/login',
      {
        schema: {
          tags,
          summary: 'Admin login with e-mail and password (same throttles as shoppers)',
          body: adminLoginSchema,
          response: adminAnswer,
        },
      },
      async (request, reply) => {
        const { adminEmail, adminPassword } = request.body;
        const { admin, session } = await admins.login(adminEmail, adminPassword, request.ip, request.cookies[ADMIN_SESSION_COOKIE]);
        setAdminSessionCookie(reply, session, cookies);
        return ok({ admin });
      },
    );

    app.post(
      '/api/admin/register',
      {
        schema: {
          tags,
          summary: 'Create an admin account with an unused, unexpired invite from an owner; log in afterwards',
          body: adminRegisterSchema,
          response: adminAnswer,
        },
      },
      async (request) => ok({ admin: await admins.register(request.body) }),
    );

    app.post(
      '/api/admin/forgotPassword',
      {
        schema: {
          tags,
          summary: "Mail a password-reset code to an admin's address (the same answer for any address)",
          body: adminForgotPasswordSchema,
          response: emptyAnswer,
        },
      },
      async (request) => {
        await admins.forgotPassword(request.body.adminEmail, request.ip);
        return ok({});
      },
    );

    app.post(
      '/api/admin/resetPassword',
      {
        schema: {
          tags,
          summary: 'Set a new password with the mailed code; every session of the account ends',
          body: adminResetPasswordSchema,
          response: emptyAnswer,
        },
      },
      async (request) => {
        await admins.resetPassword(request.body, request.ip);
        return ok({});
      },
    );

    app.post(
      '/api/admin/logout',
      { schema: { tags, summary: 'End this admin session', response: emptyAnswer } },
      async (request, reply) => {
        await admins.logout(request.cookies[ADMIN_SESSION_COOKIE]);
        clearAdminSessionCookie(reply, cookies);
        return ok({});
      },
    );
  };

/** Calls of any signed-in admin about herself; registered in the admin scope. */
export const adminSelfRoutes =
  (admins: AdminsService, config: { publicUrl: string }): FastifyPluginAsyncZod =>
  async (app) => {
    const cookies = cookiePolicyFor(config.publicUrl);
    app.get(
      '/api/admin/me',
      { schema: { summary: 'The signed-in admin (401 when none)', response: adminAnswer } },
      async (request, reply) => {
        const { admin, session } = await adminOf(request);
        setAdminSessionCookie(reply, session, cookies);
        return ok({ admin });
      },
    );

    app.post(
      '/api/admin/changePassword',
      {
        schema: {
          summary: 'Change her own password (needs the current one, else 400); her other sessions end, this one stays',
          body: adminChangePasswordSchema,
          response: emptyAnswer,
        },
      },
      async (request) => {
        const { admin, session } = await adminOf(request);
        await admins.changePassword(admin._id, request.body, session.token, request.ip);
        return ok({});
      },
    );
  };

const inviteParams = z.object({ inviteId: z.uuid('inviteId must be an id') });
const accountParams = z.object({ adminId: z.uuid('adminId must be an id') });
const accountAnswer = { 200: okEnvelope(z.object({ account: adminAccountSchema })) };

/** Owners only: invites, accounts and the audit log; registered in the owner scope. */
export const ownerRoutes =
  (admins: AdminsService, audit: AuditService): FastifyPluginAsyncZod =>
  async (app) => {
    const actor = async (request: Parameters<typeof adminOf>[0]) => actorOf((await adminOf(request)).admin);

    app.post(
      '/api/admin/invites',
      {
        schema: {
          summary: 'Invite someone as owner or staff: a single-use sign-up link, valid 7 days, also e-mailed',
          body: createInviteSchema,
          response: { 200: okEnvelope(z.object({ invite: createdInviteSchema })) },
        },
      },
      async (request) => ok({ invite: await admins.createInvite(await actor(request), request.body) }),
    );

    app.get(
      '/api/admin/invites',
      {
        schema: {
          summary: 'Invites, newest first, with their status',
          response: { 200: okEnvelope(z.object({ invites: z.array(inviteSchema) })) },
        },
      },
      async () => ok({ invites: await admins.listInvites() }),
    );

    app.delete(
      '/api/admin/invites/:inviteId',
      { schema: { summary: 'Revoke an invite that was not used yet', params: inviteParams, response: emptyAnswer } },
      async (request) => {
        await admins.revokeInvite(await actor(request), request.params.inviteId);
        return ok({});
      },
    );

    app.get(
      '/api/admin/accounts',
      { schema: { summary: 'Every admin account', response: { 200: okEnvelope(z.object({ accounts: z.array(adminAccountSchema) })) } } },
      async () => ok({ accounts: await admins.listAccounts() }),
    );

    app.post(
      '/api/admin/accounts/:adminId/deactivate',
      { schema: { summary: 'Turn a staff account off; its sessions end at once', params: accountParams, response: accountAnswer } },
      async (request) => ok({ account: await admins.setActive(await actor(request), request.params.adminId, false) }),
    );

    app.post(
      '/api/admin/accounts/:adminId/activate',
      { schema: { summary: 'Turn a staff account on again', params: accountParams, response: accountAnswer } },
      async (request) => ok({ account: await admins.setActive(await actor(request), request.params.adminId, true) }),
    );

    app.get(
      '/api/admin/audit',
      {
        schema: {
          summary: 'The audit log, newest first: filter by actor, entity, day range; 50 a page',
          querystring: auditQuerySchema,
          response: { 200: okEnvelope(z.object({ entries: z.array(auditEntrySchema), ...pagingShape })) },
        },
      },
      async (request) => ok(await audit.list(request.query)),
    );
  };

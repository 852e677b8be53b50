import {
  SESSION_COOKIE,
  forgotPasswordSchema,
  loginUsingPasswordSchema,
  publicUserSchema,
  registerSchema,
  resetPasswordSchema,
  sendAccountVerificationOtpSchema,
  sendLoginOtpSchema,
  verifyAccountOtpSchema,
  verifyLoginOtpSchema,
} from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyAnswer, ok, okEnvelope } from '../http/envelope.js';
import type { AccountsService } from './service.js';
import { shopperOf } from '../auth/plugin.js';
import { clearSessionCookie, cookiePolicyFor, setSessionCookie } from './session.js';

const userAnswer = { 200: okEnvelope(z.object({ user: publicUserSchema })) };
const tags = ['customer auth'];

/** Spec §7 customer auth calls: sign-up with a verified e-mail, login by password or code, session, logout. */
export const accountRoutes =
  (accounts: AccountsService, config: { publicUrl: string }): FastifyPluginAsyncZod =>
  async (app) => {
    const cookies = cookiePolicyFor(config.publicUrl);

    // Both answer the signed-in user; each call moves the cookie's expiry along with the session's.
    for (const path of ['/api/user/auth/me', '/api/user/auth/checkLogin']) {
      app.get(path, { schema: { tags, summary: 'The signed-in user (401 when none)', response: userAnswer } }, async (request, reply) => {
        const { user, session } = await shopperOf(request);
        setSessionCookie(reply, session, cookies);
        return ok({ user });
      });
    }

    app.post('/api/user/auth/logout', { schema: { tags, summary: 'End this session', response: emptyAnswer } }, async (request, reply) => {
      await accounts.logout(request.cookies[SESSION_COOKIE]);
      clearSessionCookie(reply, cookies);
      return ok({});
    });

    app.post(
      '/api/user/auth/sendLoginOtp',
      {
        schema: {
          tags,
          summary: 'E-mail a login code (same answer for unknown addresses)',
          body: sendLoginOtpSchema,
          response: emptyAnswer,
        },
      },
      async (request) => {
        await accounts.sendLoginOtp(request.body.email, request.ip);
        return ok({});
      },
    );

    app.post(
      '/api/user/auth/loginUsingPassword',
      { schema: { tags, summary: 'Log in with e-mail and password', body: loginUsingPasswordSchema, response: userAnswer } },
      async (request, reply) => {
        const { email, password } = request.body;
        const { user, session } = await accounts.loginUsingPassword(email, password, request.ip, request.cookies[SESSION_COOKIE]);
        setSessionCookie(reply, session, cookies);
        return ok({ user });
      },
    );

    app.post(
      '/api/user/auth/verifyLoginOtp',
      { schema: { tags, summary: 'Log in with an e-mailed code', body: verifyLoginOtpSchema, response: userAnswer } },
      async (request, reply) => {
        const { email, otp } = request.body;
        const { user, session } = await accounts.verifyLoginOtp(email, otp, request.ip, request.cookies[SESSION_COOKIE]);
        setSessionCookie(reply, session, cookies);
        return ok({ user });
      },
    );

    app.post(
      '/api/user/auth/sendAccountVerificationOtp',
      {
        schema: {
          tags,
          summary: 'E-mail a code to verify an address before sign-up',
          body: sendAccountVerificationOtpSchema,
          response: emptyAnswer,
        },
      },
      async (request) => {
        await accounts.sendAccountVerificationOtp(request.body.email, request.ip);
        return ok({});
      },
    );

    app.post(
      '/api/user/auth/verifyAccountOtp',
      {
        schema: {
          tags,
          summary: 'Verify the sign-up code; the address may register for 30 minutes',
          body: verifyAccountOtpSchema,
          response: emptyAnswer,
        },
      },
      async (request) => {
        await accounts.verifyAccountOtp(request.body.email, request.body.otp, request.ip);
        return ok({});
      },
    );

    app.post(
      '/api/user/auth/register',
      { schema: { tags, summary: 'Create an account for a verified address', body: registerSchema, response: userAnswer } },
      async (request) => ok({ user: await accounts.register(request.body) }),
    );

    app.post(
      '/api/user/auth/forgotPassword',
      {
        schema: {
          tags,
          summary: 'E-mail a password reset code (same answer for unknown addresses)',
          body: forgotPasswordSchema,
          response: emptyAnswer,
        },
      },
      async (request) => {
        await accounts.forgotPassword(request.body.email, request.ip);
        return ok({});
      },
    );

    app.post(
      '/api/user/auth/resetPassword',
      {
        schema: {
          tags,
          summary: 'Set a new password with the e-mailed reset code; every session of the shopper ends',
          body: resetPasswordSchema,
          response: emptyAnswer,
        },
      },
      async (request, reply) => {
        await accounts.resetPassword(request.body, request.ip);
        // This browser's session, if it had one, ended with all the others.
        if (request.cookies[SESSION_COOKIE]) clearSessionCookie(reply, cookies);
        return ok({});
      },
    );
  };

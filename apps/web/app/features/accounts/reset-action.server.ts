import { forgotPasswordSchema, resetPasswordSchema } from '@shop/core';
import type { RouterContextProvider } from 'react-router';
import { paths } from '../../config/paths';
import { pageOf } from '../../context';
import { formIntent, formText, formTexts } from '../../lib/form-data';
import { validate } from '../../lib/form';
import { done } from '../../lib/flash.server';
import { actionCall, formFailure } from '../../lib/service-call.server';
import { RESET_INTENTS, postedResetStep, type ResetStep } from './auth-steps';
import { adminSessionToken, sessionTokenOf } from '../../lib/session-tokens.server';
import { postedForm } from '../../lib/read-form.server';

/** The back-office's login (features/admin/admin-paths.ts), where an admin's reset ends. */
const ADMIN_LOGIN = '/admin/login';

export const CODE_SENT = 'If an account uses this email, we have sent it a code.';
export const PASSWORD_RESET = 'Your password has been reset. Please log in with your new password.';

interface ActionArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** Whose password: a shopper's (the default) or an admin's (the back-office's own login, codes and sessions). */
export type ResetKind = 'shopper' | 'admin';

const next = (step: ResetStep, email: string, message?: string) => ({
  ok: true as const,
  step,
  email,
  toast: message ? { kind: 'success' as const, message } : undefined,
});

/**
 * Forgot password: 'Send code' (and 'Send a new code') mails a reset code, with the same answer whether or not the
 * address has an account; 'Change email' starts over; 'Reset password' sets the new password with the code, ends
 * every session (this browser's cookie too) and goes to /login: an enhanced form by its answer, so that the page
 * fills the address in there, a plain HTML post by a redirect with the message.
 */
export async function resetAction({ request, context }: ActionArgs, kind: ResetKind = 'shopper') {
  const form = await postedForm(request);
  const posted = postedResetStep(form);
  const intent = formIntent(form, RESET_INTENTS, posted.step === 'code' ? 'reset' : 'send-code');
  const email = formText(form, 'email');
  const { services, clientIp, identity } = pageOf(context);

  if (intent === 'change-email') return next({ step: 'email' }, email);

  if (intent === 'send-code') {
    const checked = validate(forgotPasswordSchema, { email });
    if (!checked.data) return formFailure(400, { error: null, fields: checked.errors }, { step: posted, email });
    const address = checked.data.email;
    const sent = kind === 'admin' ? services.admins.forgotPassword(address, clientIp) : services.accounts.forgotPassword(address, clientIp);
    return actionCall(sent, () => next({ step: 'code' }, address, CODE_SENT), {
      step: posted,
      email,
    });
  }

  const step: ResetStep = { step: 'code' };
  const checked = validate(resetPasswordSchema, { email, ...formTexts(form, ['otp', 'newPassword', 'confirmPassword']) });
  if (!checked.data) return formFailure(400, { error: null, fields: checked.errors }, { step, email });
  const address = checked.data.email;
  const { otp, newPassword } = checked.data;
  const reset =
    kind === 'admin'
      ? services.admins.resetPassword({ adminEmail: address, otp, newPassword }, clientIp)
      : services.accounts.resetPassword(checked.data, clientIp);
  return actionCall(
    reset,
    () => {
      // This browser's session, if it had one, ended with all the others.
      if (kind === 'admin' && adminSessionToken(request)) identity.setAdminSession(null);
      if (kind === 'shopper' && sessionTokenOf(request)) identity.setShopperSession(null);
      const login = kind === 'admin' ? ADMIN_LOGIN : paths.login;
      return done(form, login, { kind: 'success', message: PASSWORD_RESET }, { step, email: address, reset: true as const });
    },
    { step, email },
  );
}

import { registerSchema, safeRedirectPath, sendAccountVerificationOtpSchema, verifyAccountOtpSchema } from '@shop/core';
import type { RouterContextProvider } from 'react-router';
import { loginFromSignup } from '../../config/paths';
import { pageOf } from '../../context';
import { formIntent, formText, formTexts } from '../../lib/form-data';
import { validate } from '../../lib/form';
import { redirectWithFlash } from '../../lib/flash.server';
import { actionCall, formFailure } from '../../lib/service-call.server';
import { OTP_SENT, SIGNUP_INTENTS, postedSignupStep, type SignupStep } from './auth-steps';
import { postedForm } from '../../lib/read-form.server';

interface ActionArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

const next = (step: SignupStep, email: string, message?: string) => ({
  ok: true as const,
  step,
  email,
  toast: message ? { kind: 'success' as const, message } : undefined,
});

/**
 * Spec §2.4: step 1 mails a code to the address ('Send OTP', again with 'Send the code again') and checks it
 * ('Verify OTP'), 'Use another email' starts over; step 2 creates the account, and the shopper goes to /login
 * (keeping a redirectUrl) with 'Signup successful!'.
 */
export async function signupAction({ request, context }: ActionArgs) {
  const form = await postedForm(request);
  const posted = postedSignupStep(form);
  const intent = formIntent(form, SIGNUP_INTENTS, posted.step === 'details' ? 'register' : posted.otpSent ? 'verify-otp' : 'send-otp');
  const email = formText(form, 'email');
  const { services, clientIp } = pageOf(context);

  if (intent === 'change-email') return next({ step: 'verify', otpSent: false }, email);

  if (intent === 'send-otp') {
    const step: SignupStep = { step: 'verify', otpSent: posted.step === 'verify' && posted.otpSent };
    const checked = validate(sendAccountVerificationOtpSchema, { email });
    if (!checked.data) return formFailure(400, { error: null, fields: checked.errors }, { step, email });
    const address = checked.data.email;
    return actionCall(
      services.accounts.sendAccountVerificationOtp(address, clientIp),
      () => next({ step: 'verify', otpSent: true }, address, OTP_SENT),
      { step, email },
    );
  }

  if (intent === 'verify-otp') {
    const step: SignupStep = { step: 'verify', otpSent: true };
    const checked = validate(verifyAccountOtpSchema, { email, otp: formText(form, 'otp') });
    if (!checked.data) return formFailure(400, { error: null, fields: checked.errors }, { step, email });
    const address = checked.data.email;
    return actionCall(
      services.accounts.verifyAccountOtp(address, checked.data.otp, clientIp),
      () => next({ step: 'details', otpSent: false }, address, 'Email verified!'),
      { step, email },
    );
  }

  // The names typed come back with a refusal; the passwords never do.
  const step: SignupStep = { step: 'details', otpSent: false };
  const names = formTexts(form, ['firstName', 'lastName']);
  const checked = validate(registerSchema, { email, ...names, ...formTexts(form, ['password', 'confirmPassword']) });
  if (!checked.data) return formFailure(400, { error: null, fields: checked.errors }, { step, email, names });
  const loginPath = loginFromSignup(new URL(request.url).searchParams, safeRedirectPath);
  return actionCall(
    services.accounts.register(checked.data),
    () => redirectWithFlash(loginPath, { kind: 'success', message: 'Signup successful!' }),
    { step, email, names },
  );
}

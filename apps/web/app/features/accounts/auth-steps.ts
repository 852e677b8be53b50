import { formText } from '../../lib/form-data';

/** The spec's toasts (§8). */
export const OTP_SENT = 'OTP sent to your email.';
export const LOGIN_SUCCESS = 'Login successful!';

// The steps of the log in, sign-up and forgot-password pages (spec §2.3, §2.4, §4), decided by the server: each
// form posts the step it shows (hidden fields) and the button pressed (`intent`); the action answers the next step,
// and the page renders it, with or without scripts. Nothing here is trusted for access: a step only chooses which
// fields the page shows, and every service call checks what it needs (a consumed code, a verified address).

/** Login: by password, or by a mailed code once it was sent (the OTP field appears only then). */
export interface LoginStep {
  mode: 'password' | 'otp';
  otpSent: boolean;
}
export const LOGIN_INTENTS = ['login', 'send-otp', 'use-otp', 'use-password'] as const;
export type LoginIntent = (typeof LOGIN_INTENTS)[number];
export const FIRST_LOGIN_STEP: LoginStep = { mode: 'password', otpSent: false };

/** Sign-up: verify the address (code not sent, then sent), then the account's details. */
export interface SignupStep {
  step: 'verify' | 'details';
  otpSent: boolean;
}
export const SIGNUP_INTENTS = ['send-otp', 'verify-otp', 'change-email', 'register'] as const;
export type SignupIntent = (typeof SIGNUP_INTENTS)[number];
export const FIRST_SIGNUP_STEP: SignupStep = { step: 'verify', otpSent: false };

/** Forgot password: the address, then the mailed code with the new password. */
export interface ResetStep {
  step: 'email' | 'code';
}
export const RESET_INTENTS = ['send-code', 'change-email', 'reset'] as const;
export type ResetIntent = (typeof RESET_INTENTS)[number];
export const FIRST_RESET_STEP: ResetStep = { step: 'email' };

/** The login step a form was showing, from its hidden fields (anything unknown: the first step). */
export function postedLoginStep(form: FormData): LoginStep {
  const mode = formText(form, 'mode') === 'otp' ? 'otp' : 'password';
  return { mode, otpSent: mode === 'otp' && formText(form, 'otpSent') === '1' };
}

export function postedSignupStep(form: FormData): SignupStep {
  const step = formText(form, 'step') === 'details' ? 'details' : 'verify';
  return { step, otpSent: step === 'verify' && formText(form, 'otpSent') === '1' };
}

export function postedResetStep(form: FormData): ResetStep {
  return { step: formText(form, 'step') === 'code' ? 'code' : 'email' };
}

import { OTP_LENGTH } from '@shop/core';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { useNavigation } from 'react-router';
import { TextField } from '../../components/form-field';

/** The frame of the login and sign-up screens, with the spec's one-second page transition. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="page-transition mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <section aria-labelledby="auth-title" className="rounded-3xl border border-line bg-white p-6 shadow-sm sm:p-8">
        <h1 id="auth-title" className="text-center text-2xl font-semibold sm:text-3xl">
          {title}
        </h1>
        {/* The intro can carry an e-mail address: a long one wraps rather than run out of the card. */}
        {intro && <p className="mt-2 text-center text-sm text-muted [overflow-wrap:anywhere]">{intro}</p>}
        <div className="mt-6">{children}</div>
      </section>
    </div>
  );
}

/**
 * A submit button that looks like a link ('Login using OTP?', 'Change email'): it posts the form with its
 * `intent`, and the action answers the step to show next.
 */
export function IntentLink({ intent, children, disabled }: { intent: string; children: ReactNode; disabled?: boolean }) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      disabled={disabled}
      className="min-h-11 text-sm font-semibold text-wine-700 underline-offset-4 hover:underline disabled:opacity-60"
    >
      {children}
    </button>
  );
}

/**
 * Makes `intent` what Enter in a field posts: the first submit button of a form is the one Enter presses, so a
 * step whose first visible button is another ('Send OTP to email' above the code) puts this one before it.
 */
export function DefaultIntent({ intent }: { intent: string }) {
  return <button type="submit" name="intent" value={intent} tabIndex={-1} aria-hidden="true" className="sr-only" />;
}

/** The intent of the form being posted (while it is, and while the page it leads to loads), or null. */
export function useSubmittingIntent(): string | null {
  const navigation = useNavigation();
  if (navigation.state === 'idle' || !navigation.formData) return null;
  const intent = navigation.formData.get('intent');
  return typeof intent === 'string' ? intent : '';
}

/** The one-time code input of the login, sign-up and reset screens. */
export function OtpField({ error }: { error: string | undefined }) {
  return (
    <TextField
      label="OTP"
      name="otp"
      // The field appears once the code is sent: the code is what the shopper types next.
      autoFocus
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={OTP_LENGTH}
      error={error}
      hint={`The ${OTP_LENGTH}-digit code from the email, valid for 10 minutes.`}
    />
  );
}

/** The e-mail input of the login, sign-up and reset screens. */
export function EmailField({ error, ...input }: { error: string | undefined } & InputHTMLAttributes<HTMLInputElement>) {
  return <TextField label="Email" name="email" type="email" autoComplete="email" inputMode="email" error={error} {...input} />;
}

/** The address one auth page hands the next in the navigation state (login ⇄ forgot password), or ''. */
export const emailFromState = (state: unknown): string =>
  typeof state === 'object' && state !== null && 'email' in state && typeof state.email === 'string' ? state.email : '';

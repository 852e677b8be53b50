import { OTP_LENGTH } from '@shop/core';
import type { ReactNode } from 'react';
import { TextField } from '../../components/form-field';

/** The frame of the login and sign-up screens, with the spec's one-second page transition. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="page-transition mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <section aria-labelledby="auth-title" className="rounded-3xl border border-line bg-white p-6 shadow-sm sm:p-8">
        <h1 id="auth-title" className="text-center text-2xl font-semibold sm:text-3xl">
          {title}
        </h1>
        {intro && <p className="mt-2 text-center text-sm text-muted">{intro}</p>}
        <div className="mt-6">{children}</div>
      </section>
    </div>
  );
}

/** A text button that looks like a link (mode switches, 'Change e-mail'). */
export function LinkButton({ children, onClick, disabled }: { children: ReactNode; onClick: () => void; disabled?: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className="min-h-11 text-sm font-semibold text-wine-700 underline-offset-4 hover:underline disabled:opacity-60"
    >
      {children}
    </button>
  );
}

/** The one-time code input of the login and sign-up screens. */
export function OtpField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error: string | undefined }) {
  return (
    <TextField
      label="OTP"
      name="otp"
      // The field appears once the code is sent: the code is what the shopper types next.
      autoFocus
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={OTP_LENGTH}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      hint={`The ${OTP_LENGTH}-digit code from the email, valid for 10 minutes.`}
    />
  );
}

/** The e-mail input of the login and sign-up screens. */
export function EmailField({
  value,
  onChange,
  error,
  readOnly,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  readOnly?: boolean;
}) {
  return (
    <TextField
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      inputMode="email"
      value={value}
      readOnly={readOnly}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}

/** The address one auth page hands the next in the navigation state (login ⇄ forgot password), or ''. */
export const emailFromState = (state: unknown): string =>
  typeof state === 'object' && state !== null && 'email' in state && typeof state.email === 'string' ? state.email : '';

import { PASSWORD_MIN_LENGTH } from '@shop/core';
import { useEffect, useRef } from 'react';
import { useActionData, useFetcher } from 'react-router';
import { failureIn, fieldError } from '../lib/failure';
import { Enhanced } from './enhanced';
import { useAnswerToast } from './flash-message';
import { FormFailure } from './form-failure';
import { PasswordField } from './form-field';

/**
 * 'Change password' for a shopper's and an admin's profile alike: current, new and confirmed, posted to the page's
 * action with `intent=password` (with or without scripts). The answer is the fetcher's once the scripts run, or,
 * after a plain post that was refused, the page's action data when it came from this form.
 */
export function ChangePasswordForm({ className = '' }: { className?: string }) {
  const fetcher = useFetcher<{ ok?: boolean }>();
  const posted: unknown = useActionData();
  const fromHere = typeof posted === 'object' && posted !== null && 'intent' in posted && posted.intent === 'password';
  const failure = failureIn(fetcher.data ?? (fromHere ? posted : undefined));
  useAnswerToast(fetcher.data);
  const busy = fetcher.state !== 'idle';
  const form = useRef<HTMLFormElement>(null);
  // Changed: the fields empty again (a plain post gets a fresh page).
  useEffect(() => {
    if (fetcher.data?.ok) form.current?.reset();
  }, [fetcher.data]);

  return (
    <fetcher.Form
      ref={form}
      method="post"
      noValidate
      className={`rounded-2xl border border-line bg-white p-5 sm:p-6 ${className}`}
      aria-labelledby="password-title"
    >
      <Enhanced />
      <input type="hidden" name="intent" value="password" />
      <h2 id="password-title" className="text-xl font-semibold">
        Change password
      </h2>
      <p className="mt-1 text-sm text-muted">You stay logged in here; other devices are logged out.</p>
      <FormFailure failure={failure} className="mt-4" />
      <div className="mt-5 grid gap-4 sm:grid-cols-3">
        <PasswordField
          label="Current password"
          name="currentPassword"
          autoComplete="current-password"
          error={fieldError(failure, 'currentPassword')}
        />
        <PasswordField
          label="New password"
          name="newPassword"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={fieldError(failure, 'newPassword')}
        />
        <PasswordField
          label="Confirm new password"
          name="confirmPassword"
          autoComplete="new-password"
          error={fieldError(failure, 'confirmPassword')}
        />
      </div>
      <button type="submit" className="btn btn-outline mt-6 w-full sm:w-auto" disabled={busy}>
        {busy ? 'Saving...' : 'Change password'}
      </button>
    </fetcher.Form>
  );
}

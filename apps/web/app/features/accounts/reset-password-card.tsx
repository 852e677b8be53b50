import { PASSWORD_MIN_LENGTH } from '@shop/core';
import { useEffect } from 'react';
import { Form, Link, useLocation, useNavigate } from 'react-router';
import { Enhanced } from '../../components/enhanced';
import { FlashMessage } from '../../components/flash-message';
import { FormFailure } from '../../components/form-failure';
import { PasswordField } from '../../components/form-field';
import { failureIn, fieldError } from '../../lib/failure';
import { AuthCard, EmailField, IntentLink, OtpField, emailFromState, useSubmittingIntent } from './auth-card';
import { FIRST_RESET_STEP, type ResetStep } from './auth-steps';
import type { Flash } from '../../lib/flash';

/** What the reset action (reset-action.server.ts) answers the page, as its route's actionData: the step and address, a message, a failure. */
export interface ResetAnswer {
  step?: ResetStep;
  email?: string;
  toast?: Flash;
  reset?: true;
  ok?: boolean;
  error?: string | null;
  fields?: Record<string, string>;
}

/**
 * Forgot password: a code mailed to the address, then the code and a new password; back to the login page (with
 * the e-mail filled in when scripts run). The action (reset-action.server.ts) decides the step (auth-steps.ts);
 * shoppers and admins share it, each with their own login page.
 */
export function ResetPasswordCard({ answer, loginPath }: { answer: ResetAnswer | undefined; loginPath: string }) {
  const actionData = answer;
  const navigate = useNavigate();
  const location = useLocation();
  const step = actionData?.step ?? FIRST_RESET_STEP;
  // The login page hands over the address typed there.
  const email = actionData?.email ?? emailFromState(location.state);
  const failure = failureIn(actionData);
  const submitting = useSubmittingIntent();
  const busy = submitting !== null;

  // An enhanced reset answers the address instead of a redirect: the login page opens with it filled in.
  const resetFor = actionData && 'reset' in actionData ? actionData.email : null;
  useEffect(() => {
    if (resetFor !== null) void navigate(loginPath, { replace: true, state: { email: resetFor } });
  }, [resetFor, navigate, loginPath]);

  return (
    <>
      <FlashMessage flash={actionData && 'toast' in actionData ? (actionData.toast ?? null) : null} />
      <AuthCard
        title="Reset your password"
        intro={
          step.step === 'code' ? (
            <>We sent a code to {email}. Enter it with your new password.</>
          ) : (
            'Enter the email of your account and we will send you a one-time code.'
          )
        }
      >
        <Form method="post" noValidate className="space-y-4">
          <Enhanced />
          <input type="hidden" name="step" value={step.step} />
          <FormFailure failure={failure} />
          {/* Keyed by the address the server answered, so a new step shows it (typed values stay otherwise). */}
          <EmailField key={email} defaultValue={email} error={fieldError(failure, 'email')} readOnly={step.step === 'code'} />
          {step.step === 'code' ? (
            <>
              <OtpField error={fieldError(failure, 'otp')} />
              <PasswordField
                label="New password"
                name="newPassword"
                autoComplete="new-password"
                error={fieldError(failure, 'newPassword')}
                hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
              />
              <PasswordField
                label="Confirm new password"
                name="confirmPassword"
                autoComplete="new-password"
                error={fieldError(failure, 'confirmPassword')}
              />
              <button type="submit" name="intent" value="reset" className="btn btn-primary w-full" disabled={busy || resetFor !== null}>
                {submitting === 'reset' || resetFor !== null ? 'Processing...' : 'Reset password'}
              </button>
              <div className="flex flex-wrap justify-center gap-x-6">
                <IntentLink intent="send-code" disabled={busy}>
                  {submitting === 'send-code' ? 'Processing...' : 'Send a new code'}
                </IntentLink>
                <IntentLink intent="change-email" disabled={busy}>
                  Change email
                </IntentLink>
              </div>
            </>
          ) : (
            <button type="submit" name="intent" value="send-code" className="btn btn-primary w-full" disabled={busy}>
              {busy ? 'Processing...' : 'Send code'}
            </button>
          )}
        </Form>
        <div className="mt-4 text-center">
          <Link
            to={loginPath}
            className="inline-flex min-h-11 items-center text-sm font-semibold text-wine-700 underline-offset-4 hover:underline"
          >
            Back to login
          </Link>
        </div>
      </AuthCard>
    </>
  );
}

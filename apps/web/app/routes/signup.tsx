import { PASSWORD_MIN_LENGTH } from '@shop/core';
import { Form, Link, useSearchParams } from 'react-router';
import { Enhanced } from '../components/enhanced';
import { FlashMessage } from '../components/flash-message';
import { FormFailure } from '../components/form-failure';
import { PasswordField, TextField } from '../components/form-field';
import { loginFromSignup, paths } from '../config/paths';
import { AuthCard, EmailField, IntentLink, OtpField, useSubmittingIntent } from '../features/accounts/auth-card';
import { FIRST_SIGNUP_STEP } from '../features/accounts/auth-steps';
import { signupAction } from '../features/accounts/signup-action.server';
import { failureIn, fieldError } from '../lib/failure';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/signup';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: 'Sign up',
      description: 'Create your account: verify your email with a one-time code, then choose a password.',
      path: paths.signup,
    },
    matches,
  );

export const action = (args: Route.ActionArgs) => signupAction(args);

/**
 * Spec §2.4: step 1 verifies the e-mail with a code, step 2 creates the account, then on to /login. The action
 * decides the step (features/accounts/auth-steps.ts), with or without scripts.
 */
export default function SignupPage({ actionData }: Route.ComponentProps) {
  // A shopper sent to log in on the way to checkout comes back there after signing up and logging in.
  // So is the wishlist heart she tapped signed out (saved by the login that follows).
  const loginPath = loginFromSignup(useSearchParams()[0]);
  const step = actionData?.step ?? FIRST_SIGNUP_STEP;
  const email = actionData?.email ?? '';
  const failure = failureIn(actionData);
  // The names typed come back with a refused sign-up (a redirect answers a successful one).
  const names = actionData && 'names' in actionData ? (actionData.names as Partial<Record<'firstName' | 'lastName', string>>) : undefined;
  const submitting = useSubmittingIntent();
  const busy = submitting !== null;

  const loginLink = (
    <p className="mt-4 text-center text-sm text-muted">
      Already have an account?{' '}
      <Link to={loginPath} className="inline-flex min-h-11 items-center font-semibold text-wine-700 underline-offset-4 hover:underline">
        Login
      </Link>
    </p>
  );
  const message = <FlashMessage flash={actionData && 'toast' in actionData ? (actionData.toast ?? null) : null} />;

  if (step.step === 'verify') {
    return (
      <>
        {message}
        <AuthCard key="verify" title="Verify Your Email" intro="We will email you a 6-digit code to confirm the address is yours.">
          <Form method="post" noValidate className="space-y-4">
            <Enhanced />
            <input type="hidden" name="step" value="verify" />
            {step.otpSent && <input type="hidden" name="otpSent" value="1" />}
            <FormFailure failure={failure} />
            {/* Keyed by the address the server answered, so a new step shows it (typed values stay otherwise). */}
            <EmailField key={email} defaultValue={email} error={fieldError(failure, 'email')} readOnly={step.otpSent} />
            {step.otpSent ? (
              <>
                <OtpField error={fieldError(failure, 'otp')} />
                <button type="submit" name="intent" value="verify-otp" className="btn btn-primary w-full" disabled={busy}>
                  {submitting === 'verify-otp' ? 'Processing...' : 'Verify OTP'}
                </button>
                <div className="flex flex-wrap justify-center gap-x-6">
                  <IntentLink intent="send-otp" disabled={busy}>
                    {submitting === 'send-otp' ? 'Processing...' : 'Send the code again'}
                  </IntentLink>
                  <IntentLink intent="change-email" disabled={busy}>
                    Use another email
                  </IntentLink>
                </div>
              </>
            ) : (
              <button type="submit" name="intent" value="send-otp" className="btn btn-primary w-full" disabled={busy}>
                {busy ? 'Processing...' : 'Send OTP'}
              </button>
            )}
          </Form>
          {loginLink}
        </AuthCard>
      </>
    );
  }

  return (
    <>
      {message}
      <AuthCard key="details" title="Create Your Account" intro={<>Signing up as {email}</>}>
        <Form method="post" noValidate className="space-y-4">
          <Enhanced />
          <input type="hidden" name="step" value="details" />
          <input type="hidden" name="email" value={email} />
          <FormFailure failure={failure} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="First name"
              name="firstName"
              autoComplete="given-name"
              defaultValue={names?.firstName}
              error={fieldError(failure, 'firstName')}
            />
            <TextField
              label="Last name"
              name="lastName"
              autoComplete="family-name"
              defaultValue={names?.lastName}
              error={fieldError(failure, 'lastName')}
            />
          </div>
          <PasswordField
            label="Password"
            name="password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
            error={fieldError(failure, 'password')}
          />
          <PasswordField
            label="Confirm password"
            name="confirmPassword"
            autoComplete="new-password"
            error={fieldError(failure, 'confirmPassword')}
          />
          {/* A refused address (not verified after all) has its message at the top when the form has one. */}
          {!failure?.error && fieldError(failure, 'email') && (
            <p role="alert" className="text-sm font-medium text-wine-700">
              {fieldError(failure, 'email')}
            </p>
          )}
          <button type="submit" name="intent" value="register" className="btn btn-primary w-full" disabled={busy}>
            {busy ? 'Signing up...' : 'Sign Up'}
          </button>
        </Form>
        {loginLink}
      </AuthCard>
    </>
  );
}

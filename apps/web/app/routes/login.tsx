import { useEffect, useState } from 'react';
import { Form, Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PasswordField } from '../components/form-field';
import { Enhanced } from '../components/enhanced';
import { FlashMessage } from '../components/flash-message';
import { FormFailure } from '../components/form-failure';
import { paths, signupThenReturnTo } from '../config/paths';
import {
  AuthCard,
  DefaultIntent,
  EmailField,
  IntentLink,
  OtpField,
  emailFromState,
  useSubmittingIntent,
} from '../features/accounts/auth-card';
import { FIRST_LOGIN_STEP } from '../features/accounts/auth-steps';
import { loginAction } from '../features/accounts/login-action.server';
import { mergeGuestCart } from '../features/cart/guest-cart.server';
import { failureIn, fieldError } from '../lib/failure';
import { pageMeta } from '../lib/meta';
import { toast } from '../lib/toast';
import type { Route } from './+types/login';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: 'Login', description: 'Log in with your password or a one-time code sent to your email.', path: paths.login }, matches);

export const action = (args: Route.ActionArgs) => loginAction(args, mergeGuestCart);

/**
 * Spec §2.3: log in by password or by a code sent by e-mail, then go to redirectUrl (same-site only) or '/'. One
 * form; the action decides the step (features/accounts/auth-steps.ts), with or without scripts.
 */
export default function LoginPage({ actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const step = actionData?.step ?? FIRST_LOGIN_STEP;
  const failure = failureIn(actionData);
  // After a password reset the page comes back here with the address filled in.
  const [email, setEmail] = useState(() => actionData?.email ?? emailFromState(location.state));
  // Each answer of the action brings the address as the server read it.
  const [answered, setAnswered] = useState(actionData);
  if (actionData !== answered) {
    setAnswered(actionData);
    if (actionData?.email !== undefined) setEmail(actionData.email);
  }
  const submitting = useSubmittingIntent();
  const busy = submitting !== null;

  // An enhanced login answers where to go, and what became of the cart filled signed out.
  const redirectTo = actionData && 'redirectTo' in actionData ? actionData.redirectTo : null;
  const notices = actionData && 'notices' in actionData ? actionData.notices : null;
  useEffect(() => {
    if (!redirectTo) return;
    for (const notice of notices ?? []) toast.warning(notice);
    void navigate(redirectTo, { replace: true });
  }, [redirectTo, notices, navigate]);
  const loggingIn = submitting === 'login' || redirectTo !== null;

  return (
    <>
      <FlashMessage flash={actionData && 'toast' in actionData ? (actionData.toast ?? null) : null} />
      <AuthCard title="Login to Your Account">
        <Form method="post" noValidate className="space-y-4">
          <Enhanced />
          <input type="hidden" name="mode" value={step.mode} />
          {step.otpSent && <input type="hidden" name="otpSent" value="1" />}
          {step.mode === 'otp' && step.otpSent && <DefaultIntent intent="login" />}
          <FormFailure failure={failure} />
          <EmailField value={email} onChange={(event) => setEmail(event.target.value)} error={fieldError(failure, 'email')} />
          {step.mode === 'password' ? (
            <div>
              <PasswordField label="Password" name="password" autoComplete="current-password" error={fieldError(failure, 'password')} />
              <div className="flex justify-end">
                <Link
                  to={paths.forgotPassword}
                  state={{ email }}
                  className="inline-flex min-h-11 items-center text-sm font-semibold text-wine-700 underline-offset-4 hover:underline"
                >
                  Forgot password?
                </Link>
              </div>
            </div>
          ) : (
            <>
              <button type="submit" name="intent" value="send-otp" className="btn btn-outline w-full" disabled={busy}>
                {submitting === 'send-otp' ? 'Processing...' : 'Send OTP to email'}
              </button>
              {step.otpSent && <OtpField error={fieldError(failure, 'otp')} />}
            </>
          )}
          <button
            type="submit"
            name="intent"
            value="login"
            className="btn btn-primary w-full"
            disabled={busy || loggingIn || (step.mode === 'otp' && !step.otpSent)}
          >
            {loggingIn ? 'Logging in...' : 'Login'}
          </button>
          <div className="flex flex-col items-center gap-1 text-center">
            <IntentLink intent={step.mode === 'password' ? 'use-otp' : 'use-password'} disabled={busy || loggingIn}>
              {step.mode === 'password' ? 'Login using OTP?' : 'Login with password?'}
            </IntentLink>
            <Link
              to={signupThenReturnTo(search)}
              className="inline-flex min-h-11 items-center gap-1 text-sm text-muted hover:text-wine-700"
            >
              New to the product? <span className="font-semibold text-wine-700 underline-offset-4 hover:underline">Sign Up</span>
            </Link>
          </div>
        </Form>
      </AuthCard>
    </>
  );
}

import { safeRedirectPath } from '@shop/core';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useRevalidator, useSearchParams } from 'react-router';
import { toast } from '../lib/toast';
import { PasswordField } from '../components/form-field';
import { paths } from '../config/paths';
import { loginUsingPassword, loginUsingPasswordSchema } from '../features/accounts/api/login-using-password';
import { sendLoginOtp, sendLoginOtpSchema } from '../features/accounts/api/send-login-otp';
import { verifyLoginOtp, verifyLoginOtpSchema } from '../features/accounts/api/verify-login-otp';
import { AuthCard, EmailField, LinkButton, OtpField, emailFromState } from '../features/accounts/auth-card';
import { mergeGuestCartIntoAccount } from '../features/cart/merge-guest-cart';
import { errorMessage } from '../lib/api-client';
import { fieldErrorsOf, validate, type FieldErrors } from '../lib/form';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/login';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: 'Login', description: 'Log in with your password or a one-time code sent to your email.', path: paths.login }, matches);

type Mode = 'password' | 'otp';

/** Spec §2.3: log in by password or by a code sent by e-mail, then go to redirectUrl (same-site only) or '/'. */
export default function LoginPage() {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [searchParams] = useSearchParams();
  const redirectUrl = searchParams.get('redirectUrl');
  const [mode, setMode] = useState<Mode>('password');
  const location = useLocation();
  // After a password reset the page comes back here with the address filled in.
  const [email, setEmail] = useState(() => emailFromState(location.state));
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [otpSent, setOtpSent] = useState(false);
  const [busy, setBusy] = useState<'send' | 'login' | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  const switchMode = () => {
    setMode(mode === 'password' ? 'otp' : 'password');
    setOtp('');
    setOtpSent(false);
    setErrors({});
  };

  const sendOtp = async () => {
    const checked = validate(sendLoginOtpSchema, { email });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    setBusy('send');
    try {
      await sendLoginOtp(checked.data);
      setOtpSent(true);
      toast.success('OTP sent to your email.');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to send OTP.'));
    } finally {
      setBusy(null);
    }
  };

  const login = async (event: FormEvent) => {
    event.preventDefault();
    const checked =
      mode === 'password' ? validate(loginUsingPasswordSchema, { email, password }) : validate(verifyLoginOtpSchema, { email, otp });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    const data = checked.data;
    setBusy('login');
    try {
      await ('password' in data ? loginUsingPassword(data) : verifyLoginOtp(data));
      toast.success('Login successful!');
      await mergeGuestCartIntoAccount();
      await navigate(safeRedirectPath(redirectUrl), { replace: true });
      await revalidate();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      toast.error(errorMessage(error, 'Login failed.'));
      setBusy(null);
    }
  };

  return (
    <AuthCard title="Login to Your Account">
      <form onSubmit={(event) => void login(event)} noValidate className="space-y-4">
        <EmailField value={email} onChange={setEmail} error={errors.email} />
        {mode === 'password' ? (
          <div>
            <PasswordField
              label="Password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={errors.password}
            />
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
            <button type="button" className="btn btn-outline w-full" disabled={busy !== null} onClick={() => void sendOtp()}>
              {busy === 'send' ? 'Processing...' : 'Send OTP to email'}
            </button>
            {otpSent && <OtpField value={otp} onChange={setOtp} error={errors.otp} />}
          </>
        )}
        <button type="submit" className="btn btn-primary w-full" disabled={busy !== null || (mode === 'otp' && !otpSent)}>
          {busy === 'login' ? 'Logging in...' : 'Login'}
        </button>
      </form>
      <div className="mt-4 flex flex-col items-center gap-1 text-center">
        <LinkButton onClick={switchMode} disabled={busy !== null}>
          {mode === 'password' ? 'Login using OTP?' : 'Login with password?'}
        </LinkButton>
        <Link
          to={redirectUrl ? `${paths.signup}?redirectUrl=${encodeURIComponent(redirectUrl)}` : paths.signup}
          className="inline-flex min-h-11 items-center gap-1 text-sm text-muted hover:text-wine-700"
        >
          New to the product? <span className="font-semibold text-wine-700 underline-offset-4 hover:underline">Sign Up</span>
        </Link>
      </div>
    </AuthCard>
  );
}

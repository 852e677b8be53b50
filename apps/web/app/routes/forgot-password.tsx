import { PASSWORD_MIN_LENGTH } from '@shop/core';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '../lib/toast';
import { PasswordField } from '../components/form-field';
import { paths } from '../config/paths';
import { forgotPassword, forgotPasswordSchema } from '../features/accounts/api/forgot-password';
import { resetPassword, resetPasswordSchema } from '../features/accounts/api/reset-password';
import { AuthCard, EmailField, LinkButton, OtpField, emailFromState } from '../features/accounts/auth-card';
import { errorMessage } from '../lib/api-client';
import { fieldErrorsOf, validate, type FieldErrors } from '../lib/form';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/forgot-password';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    { title: 'Reset password', description: 'Reset your password with a one-time code sent to your email.', path: paths.forgotPassword },
    matches,
  );

/** Forgot password: a code mailed to the address, then the code and a new password; back to /login with the e-mail filled. */
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState(() => emailFromState(location.state));
  const [otp, setOtp] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [busy, setBusy] = useState<'send' | 'reset' | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  const sendCode = async (event?: FormEvent) => {
    event?.preventDefault();
    const checked = validate(forgotPasswordSchema, { email });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    setBusy('send');
    try {
      await forgotPassword(checked.data);
      setEmail(checked.data.email);
      setCodeSent(true);
      setOtp('');
      toast.success('If an account uses this email, we have sent it a code.');
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      toast.error(errorMessage(error, 'Failed to send OTP.'));
    } finally {
      setBusy(null);
    }
  };

  const reset = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(resetPasswordSchema, { email, otp, newPassword, confirmPassword });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    setBusy('reset');
    try {
      await resetPassword(checked.data);
      toast.success('Your password has been reset. Please log in with your new password.');
      await navigate(paths.login, { replace: true, state: { email: checked.data.email } });
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      toast.error(errorMessage(error, 'Could not reset your password.'));
      setBusy(null);
    }
  };

  const changeEmail = () => {
    setCodeSent(false);
    setOtp('');
    setErrors({});
  };

  return (
    <AuthCard
      title="Reset your password"
      intro={
        codeSent ? (
          <>We sent a code to {email}. Enter it with your new password.</>
        ) : (
          'Enter the email of your account and we will send you a one-time code.'
        )
      }
    >
      {codeSent ? (
        <form onSubmit={(event) => void reset(event)} noValidate className="space-y-4">
          <EmailField value={email} onChange={setEmail} error={errors.email} readOnly />
          <OtpField value={otp} onChange={setOtp} error={errors.otp} />
          <PasswordField
            label="New password"
            name="newPassword"
            autoComplete="new-password"
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
            error={errors.newPassword}
            hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          />
          <PasswordField
            label="Confirm new password"
            name="confirmPassword"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.target.value)}
            error={errors.confirmPassword}
          />
          <button type="submit" className="btn btn-primary w-full" disabled={busy !== null}>
            {busy === 'reset' ? 'Processing...' : 'Reset password'}
          </button>
          <div className="flex flex-wrap justify-center gap-x-6">
            <LinkButton onClick={() => void sendCode()} disabled={busy !== null}>
              {busy === 'send' ? 'Processing...' : 'Send a new code'}
            </LinkButton>
            <LinkButton onClick={changeEmail} disabled={busy !== null}>
              Change email
            </LinkButton>
          </div>
        </form>
      ) : (
        <form onSubmit={(event) => void sendCode(event)} noValidate className="space-y-4">
          <EmailField value={email} onChange={setEmail} error={errors.email} />
          <button type="submit" className="btn btn-primary w-full" disabled={busy !== null}>
            {busy === 'send' ? 'Processing...' : 'Send code'}
          </button>
        </form>
      )}
      <div className="mt-4 text-center">
        <Link
          to={paths.login}
          className="inline-flex min-h-11 items-center text-sm font-semibold text-wine-700 underline-offset-4 hover:underline"
        >
          Back to login
        </Link>
      </div>
    </AuthCard>
  );
}

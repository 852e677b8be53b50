import { PASSWORD_MIN_LENGTH } from '@shop/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../lib/toast';
import { PasswordField, TextField } from '../components/form-field';
import { loginThenReturnTo, paths } from '../config/paths';
import { register, registerSchema } from '../features/accounts/api/register';
import { sendAccountVerificationOtp, sendAccountVerificationOtpSchema } from '../features/accounts/api/send-account-verification-otp';
import { verifyAccountOtp, verifyAccountOtpSchema } from '../features/accounts/api/verify-account-otp';
import { AuthCard, EmailField, LinkButton, OtpField } from '../features/accounts/auth-card';
import { errorMessage } from '../lib/api-client';
import { fieldErrorsOf, validate, type FieldErrors } from '../lib/form';
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

/** Spec §2.4: step 1 verifies the e-mail with a code, step 2 creates the account, then on to /login. */
export default function SignupPage() {
  const navigate = useNavigate();
  // A shopper sent to log in on the way to checkout comes back there after signing up and logging in.
  const redirectUrl = useSearchParams()[0].get('redirectUrl');
  const loginPath = redirectUrl ? loginThenReturnTo(redirectUrl) : paths.login;
  const [step, setStep] = useState<'verify' | 'details'>('verify');
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState('');
  const [otpSent, setOtpSent] = useState(false);
  const [details, setDetails] = useState({ firstName: '', lastName: '', password: '', confirmPassword: '' });
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  const run = async (work: () => Promise<void>, fallback: string) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      toast.error(errorMessage(error, fallback));
    } finally {
      setBusy(false);
    }
  };

  const sendOtp = async () => {
    const checked = validate(sendAccountVerificationOtpSchema, { email });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    await run(async () => {
      await sendAccountVerificationOtp(checked.data);
      setOtpSent(true);
      toast.success('OTP sent to your email.');
    }, 'Failed to send OTP.');
  };

  const verifyOtp = async (event: FormEvent) => {
    event.preventDefault();
    if (!otpSent) return sendOtp();
    const checked = validate(verifyAccountOtpSchema, { email, otp });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    await run(async () => {
      await verifyAccountOtp(checked.data);
      toast.success('Email verified!');
      setStep('details');
    }, 'Invalid OTP.');
  };

  const signUp = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(registerSchema, { email, ...details });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    await run(async () => {
      await register(checked.data);
      toast.success('Signup successful!');
      await navigate(loginPath);
    }, 'Signup failed.');
  };

  const detail = (name: keyof typeof details) => ({
    name,
    value: details[name],
    onChange: (event: { target: { value: string } }) => setDetails({ ...details, [name]: event.target.value }),
    error: errors[name],
  });

  const loginLink = (
    <p className="mt-4 text-center text-sm text-muted">
      Already have an account?{' '}
      <Link to={loginPath} className="inline-flex min-h-11 items-center font-semibold text-wine-700 underline-offset-4 hover:underline">
        Login
      </Link>
    </p>
  );

  if (step === 'verify') {
    return (
      <AuthCard key="verify" title="Verify Your Email" intro="We will email you a 6-digit code to confirm the address is yours.">
        <form onSubmit={(event) => void verifyOtp(event)} noValidate className="space-y-4">
          <EmailField value={email} onChange={setEmail} error={errors.email} readOnly={otpSent} />
          {otpSent ? (
            <>
              <OtpField value={otp} onChange={setOtp} error={errors.otp} />
              <button type="submit" className="btn btn-primary w-full" disabled={busy}>
                {busy ? 'Processing...' : 'Verify OTP'}
              </button>
              <div className="flex flex-wrap justify-center gap-x-6">
                <LinkButton onClick={() => void sendOtp()} disabled={busy}>
                  Send the code again
                </LinkButton>
                <LinkButton
                  onClick={() => {
                    setOtpSent(false);
                    setOtp('');
                    setErrors({});
                  }}
                  disabled={busy}
                >
                  Use another email
                </LinkButton>
              </div>
            </>
          ) : (
            <button type="submit" className="btn btn-primary w-full" disabled={busy}>
              {busy ? 'Processing...' : 'Send OTP'}
            </button>
          )}
        </form>
        {loginLink}
      </AuthCard>
    );
  }

  return (
    <AuthCard key="details" title="Create Your Account" intro={<>Signing up as {email}</>}>
      <form onSubmit={(event) => void signUp(event)} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" {...detail('firstName')} />
          <TextField label="Last name" autoComplete="family-name" {...detail('lastName')} />
        </div>
        <PasswordField
          label="Password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          {...detail('password')}
        />
        <PasswordField label="Confirm password" autoComplete="new-password" {...detail('confirmPassword')} />
        {errors.email && (
          <p role="alert" className="text-sm font-medium text-wine-700">
            {errors.email}
          </p>
        )}
        <button type="submit" className="btn btn-primary w-full" disabled={busy}>
          {busy ? 'Signing up...' : 'Sign Up'}
        </button>
      </form>
      {loginLink}
    </AuthCard>
  );
}

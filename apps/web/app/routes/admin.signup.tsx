import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../lib/toast';
import { TextField } from '../components/form-field';
import { AuthCard } from '../features/accounts/auth-card';
import { AdminAuthFrame } from '../features/admin/admin-auth-frame';
import { adminPaths } from '../features/admin/admin-paths';
import { adminRegister, adminSignupFormSchema } from '../features/admin/api';
import { errorMessage } from '../lib/api-client';
import { fieldErrorsOf, validate, type FieldErrors } from '../lib/form';
import type { Route } from './+types/admin.signup';
import { privatePageMeta } from '../lib/meta';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Admin Signup', matches);

const EMPTY = { adminName: '', adminEmail: '', adminPassword: '', confirmPassword: '' };

/**
 * Spec §2.12 signup: full name, email, password, confirm password, 'Create Account', 'Login here'. The invite
 * token comes from the owner's link (?token=…); the server checks it. Success → 'Admin Signup Successful', /admin/login.
 */
export default function AdminSignupPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const inviteToken = searchParams.get('token') ?? '';
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = (name: keyof typeof EMPTY) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
    error: errors[name],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(adminSignupFormSchema, { ...values, inviteToken });
    setErrors(checked.errors ?? {});
    setError(checked.errors?.inviteToken ?? null);
    if (!checked.data) return;
    const { confirmPassword: _confirm, ...input } = checked.data;
    setBusy(true);
    try {
      await adminRegister(input);
      toast.success('Admin Signup Successful');
      await navigate(adminPaths.login);
    } catch (failure) {
      const message = errorMessage(failure, 'Signup failed.');
      setErrors(fieldErrorsOf(failure));
      setError(message);
      toast.error(message);
      setBusy(false);
    }
  };

  return (
    <AdminAuthFrame>
      <AuthCard
        title="Admin Signup"
        intro={
          inviteToken
            ? 'Create your admin account with the invite from the shop owner.'
            : 'An admin account needs an invite link from the shop owner.'
        }
      >
        <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
          <TextField label="Full Name" autoComplete="name" {...field('adminName')} />
          <TextField label="Email" type="email" inputMode="email" autoComplete="email" {...field('adminEmail')} />
          <TextField label="Password" type="password" autoComplete="new-password" {...field('adminPassword')} />
          <TextField label="Confirm Password" type="password" autoComplete="new-password" {...field('confirmPassword')} />
          {error && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn-primary w-full" disabled={busy}>
            {busy ? 'Creating...' : 'Create Account'}
          </button>
        </form>
        <p className="mt-4 text-center text-sm text-muted">
          Already have an account?{' '}
          <Link
            to={adminPaths.login}
            className="inline-flex min-h-11 items-center font-semibold text-wine-700 underline-offset-4 hover:underline"
          >
            Login here
          </Link>
        </p>
      </AuthCard>
    </AdminAuthFrame>
  );
}

import { safeRedirectPath } from '@shop/core';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../lib/toast';
import { TextField } from '../components/form-field';
import { AuthCard } from '../features/accounts/auth-card';
import { AdminAuthFrame } from '../features/admin/admin-auth-frame';
import { adminLogin, adminLoginSchema, adminMe } from '../features/admin/api';
import { adminPaths } from '../features/admin/admin-paths';
import { errorMessage } from '../lib/api-client';
import { fieldErrorsOf, validate, type FieldErrors } from '../lib/form';
import type { Route } from './+types/admin.login';
import { privatePageMeta } from '../lib/meta';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Admin Login', matches);

/** Where to go after login: the admin page that sent the visitor here, else the dashboard. */
function nextPath(redirectUrl: string | null) {
  const path = safeRedirectPath(redirectUrl);
  return /^\/admin(\/|$|\?)/.test(path) && !path.startsWith(adminPaths.login) ? path : adminPaths.dashboard;
}

/** Spec §2.12 login: email and password, Login, 'Register here'; a failure shows as a toast and in red under the form. */
export default function AdminLoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const target = nextPath(searchParams.get('redirectUrl'));
  const [adminEmail, setEmail] = useState('');
  const [adminPassword, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'busy' | 'entering'>('idle');

  // The admin cookie is SameSite=Strict: after a link from another site the server saw no session, but the browser has one.
  useEffect(() => {
    adminMe().then(
      () => void navigate(target, { replace: true }),
      () => undefined,
    );
  }, [navigate, target]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(adminLoginSchema, { adminEmail, adminPassword });
    setErrors(checked.errors ?? {});
    setError(null);
    if (!checked.data) return;
    setState('busy');
    try {
      await adminLogin(checked.data);
      setState('entering');
      await navigate(target, { replace: true });
    } catch (failure) {
      const message = errorMessage(failure, 'Login failed.');
      setErrors(fieldErrorsOf(failure));
      setError(message);
      toast.error(message);
      setState('idle');
    }
  };

  if (state === 'entering')
    return (
      <p role="status" className="px-4 py-24 text-center font-display text-xl text-wine-700">
        Loading Admin Panel...
      </p>
    );

  return (
    <AdminAuthFrame>
      <AuthCard title="Admin Login" intro="For the shop's owner and staff.">
        <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
          <TextField
            label="Email"
            name="adminEmail"
            type="email"
            autoComplete="username"
            inputMode="email"
            value={adminEmail}
            onChange={(event) => setEmail(event.target.value)}
            error={errors.adminEmail}
          />
          <TextField
            label="Password"
            name="adminPassword"
            type="password"
            autoComplete="current-password"
            value={adminPassword}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.adminPassword}
          />
          {error && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn-primary w-full" disabled={state !== 'idle'}>
            {state === 'busy' ? 'Logging in...' : 'Login'}
          </button>
        </form>
        <div className="mt-4 text-center">
          <Link to={adminPaths.signup} className="btn btn-outline w-full">
            Register here
          </Link>
          <p className="mt-2 text-xs text-muted">New admins need an invite link from the shop owner.</p>
        </div>
      </AuthCard>
    </AdminAuthFrame>
  );
}

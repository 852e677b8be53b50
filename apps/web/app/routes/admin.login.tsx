import { adminLoginSchema, safeRedirectPath } from '@shop/core';
import { useEffect } from 'react';
import { Form, Link, redirect, useNavigation, useRevalidator, useSearchParams } from 'react-router';
import { TextField } from '../components/form-field';
import { FormFailure } from '../components/form-failure';
import { pageOf } from '../context';
import { AuthCard } from '../features/accounts/auth-card';
import { AdminAuthFrame } from '../features/admin/admin-auth-frame';
import { adminPaths } from '../features/admin/admin-paths';
import { adminSessionToken } from '../lib/session-tokens.server';
import { failureIn, fieldError } from '../lib/failure';
import { validate } from '../lib/form';
import { adminForm } from '../features/admin/admin-form.server';
import { formText } from '../lib/form-data';
import { privatePageMeta } from '../lib/meta';
import { actionCall, formFailure } from '../lib/service-call.server';
import type { Route } from './+types/admin.login';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Admin Login', matches);

/** Where to go after login: the admin page that sent the visitor here, else the dashboard. */
function nextPath(redirectUrl: string | null | undefined) {
  const path = safeRedirectPath(redirectUrl ?? null);
  return /^\/admin(\/|$|\?)/.test(path) && !path.startsWith(adminPaths.login) ? path : adminPaths.dashboard;
}

/** An admin who is signed in already goes on to where she was going. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (await pageOf(context).identity.admin()) throw redirect(nextPath(new URL(request.url).searchParams.get('redirectUrl')));
  return null;
}

/**
 * Spec §7 admin login: the admins service checks the password with the shoppers' throttles (by the visitor's IP),
 * the new session's cookie goes on the answer, and the admin goes on to the page that sent her here.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, identity, clientIp } = pageOf(context);
  const form = await adminForm(request);
  const echo = { adminEmail: formText(form, 'adminEmail') };
  const checked = validate(adminLoginSchema, { adminEmail: echo.adminEmail, adminPassword: formText(form, 'adminPassword') });
  if (!checked.data) return formFailure(400, { error: null, fields: checked.errors }, echo);
  const { adminEmail, adminPassword } = checked.data;
  return actionCall(
    services.admins.login(adminEmail, adminPassword, clientIp, adminSessionToken(request)),
    ({ session }) => {
      identity.setAdminSession(session);
      return redirect(nextPath(formText(form, 'redirectUrl')));
    },
    echo,
  );
}

/** Spec §2.12 login: email and password, Login, 'Register here'; a failure shows as a toast and in red in the form. */
export default function AdminLoginPage({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const { revalidate } = useRevalidator();
  const failure = failureIn(actionData);

  // The admin cookie is SameSite=Strict: after a link from another site the server saw no session, but the browser
  // may have one, which it sends now that the page asks from its own site.
  useEffect(() => {
    void revalidate();
    // Once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Logged in: the panel loads (a refused login reloads this page instead).
  if (navigation.state === 'loading' && navigation.formData && navigation.location.pathname !== adminPaths.login)
    return (
      <p role="status" className="px-4 py-24 text-center font-display text-xl text-wine-700">
        Loading Admin Panel...
      </p>
    );

  const busy = navigation.state === 'submitting';
  return (
    <AdminAuthFrame>
      <AuthCard title="Admin Login" intro="For the shop's owner and staff.">
        <Form method="post" noValidate className="space-y-4">
          <input type="hidden" name="redirectUrl" value={searchParams.get('redirectUrl') ?? ''} />
          <FormFailure failure={failure} />
          <TextField
            label="Email"
            name="adminEmail"
            type="email"
            autoComplete="username"
            inputMode="email"
            defaultValue={actionData?.adminEmail}
            error={fieldError(failure, 'adminEmail')}
          />
          <div>
            <TextField
              label="Password"
              name="adminPassword"
              type="password"
              autoComplete="current-password"
              error={fieldError(failure, 'adminPassword')}
            />
            <div className="flex justify-end">
              <Link
                to={adminPaths.forgotPassword}
                className="inline-flex min-h-11 items-center text-sm font-semibold text-wine-700 underline-offset-4 hover:underline"
              >
                Forgot password?
              </Link>
            </div>
          </div>
          <button type="submit" className="btn btn-primary w-full" disabled={busy}>
            {busy ? 'Logging in...' : 'Login'}
          </button>
        </Form>
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

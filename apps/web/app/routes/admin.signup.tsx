import { adminSignupFormSchema } from '@shop/core';
import { Form, Link, useNavigation, useSearchParams } from 'react-router';
import { TextField } from '../components/form-field';
import { FormFailure } from '../components/form-failure';
import { servicesOf } from '../context';
import { AuthCard } from '../features/accounts/auth-card';
import { AdminAuthFrame } from '../features/admin/admin-auth-frame';
import { adminPaths } from '../features/admin/admin-paths';
import { failureIn, fieldError } from '../lib/failure';
import { redirectWithFlash } from '../lib/flash.server';
import { validate } from '../lib/form';
import { adminForm } from '../features/admin/admin-form.server';
import { formText } from '../lib/form-data';
import { privatePageMeta } from '../lib/meta';
import { actionCall, formFailure } from '../lib/service-call.server';
import type { Route } from './+types/admin.signup';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Admin Signup', matches);

/**
 * Spec §7 register with the owner's invite token (the admins service checks it and the address it was sent to);
 * success → 'Admin Signup Successful' on /admin/login, where the new admin logs in.
 */
const FIELDS = ['adminName', 'adminEmail', 'adminPassword', 'confirmPassword', 'inviteToken'] as const;

/** The intro for a link that no longer works (used, revoked, expired, mistyped): as the sign-up would refuse it. */
const LINK_NOT_WORKING = 'This invite link is not valid or has expired. Ask the owner for a new one.';

/**
 * The address the invite (?token=…) was sent to, filled in and read-only: the account must have it (issue 40). Null
 * for no token or one that no longer works, said in the intro.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return { invitedEmail: token ? await servicesOf(context).admins.invitedEmail(token) : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await adminForm(request);
  const values = Object.fromEntries(FIELDS.map((name) => [name, formText(form, name)]));
  const echo = { adminName: formText(form, 'adminName'), adminEmail: formText(form, 'adminEmail') };
  const checked = validate(adminSignupFormSchema, values);
  if (!checked.data) return formFailure(400, { error: null, fields: checked.errors }, echo);
  const { confirmPassword: _confirm, ...input } = checked.data;
  return actionCall(
    servicesOf(context).admins.register(input),
    () => redirectWithFlash(adminPaths.login, { kind: 'success', message: 'Admin Signup Successful' }),
    echo,
  );
}

/**
 * Spec §2.12 signup: full name, email, password, confirm password, 'Create Account', 'Login here'. The invite
 * token comes from the owner's link (?token=…) in a hidden field.
 */
export default function AdminSignupPage({ loaderData, actionData }: Route.ComponentProps) {
  const { invitedEmail } = loaderData;
  const [searchParams] = useSearchParams();
  const inviteToken = searchParams.get('token') ?? '';
  const busy = useNavigation().state !== 'idle';
  const failure = failureIn(actionData);
  const error = (name: string) => fieldError(failure, name);
  // The invite token has no field of its own: its message is the form's.
  const tokenProblem = error('inviteToken');
  // (React Compiler keeps this object while tokenProblem and failure stay: FormFailure toasts each new one.)
  const shownFailure = tokenProblem ? { ok: false as const, error: tokenProblem, fields: {} } : failure;

  return (
    <AdminAuthFrame>
      <AuthCard
        title="Admin Signup"
        intro={
          !inviteToken
            ? 'An admin account needs an invite link from the shop owner.'
            : invitedEmail
              ? 'Create your admin account with the invite from the shop owner.'
              : LINK_NOT_WORKING
        }
      >
        <Form method="post" noValidate className="space-y-4">
          <input type="hidden" name="inviteToken" value={inviteToken} />
          <FormFailure failure={shownFailure} />
          <TextField
            label="Full Name"
            name="adminName"
            autoComplete="name"
            defaultValue={actionData?.adminName}
            error={error('adminName')}
          />
          <TextField
            label="Email"
            name="adminEmail"
            type="email"
            inputMode="email"
            autoComplete="email"
            // The invite decides the address: filled in and read-only when the link works.
            defaultValue={invitedEmail ?? actionData?.adminEmail}
            readOnly={invitedEmail !== null}
            hint={invitedEmail ? 'The address the invite was sent to.' : undefined}
            error={error('adminEmail')}
          />
          <TextField label="Password" name="adminPassword" type="password" autoComplete="new-password" error={error('adminPassword')} />
          <TextField
            label="Confirm Password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            error={error('confirmPassword')}
          />
          <button type="submit" className="btn btn-primary w-full" disabled={busy}>
            {busy ? 'Creating...' : 'Create Account'}
          </button>
        </Form>
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

import { paths } from '../config/paths';
import { resetAction } from '../features/accounts/reset-action.server';
import { ResetPasswordCard } from '../features/accounts/reset-password-card';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/forgot-password';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    { title: 'Reset password', description: 'Reset your password with a one-time code sent to your email.', path: paths.forgotPassword },
    matches,
  );

export const action = (args: Route.ActionArgs) => resetAction(args);

/** Forgot password (the shopper's): a code by e-mail, then the code and a new password; back to /login. */
export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  return <ResetPasswordCard answer={actionData} loginPath={paths.login} />;
}

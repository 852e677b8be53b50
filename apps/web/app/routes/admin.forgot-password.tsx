import { resetAction } from '../features/accounts/reset-action.server';
import { ResetPasswordCard } from '../features/accounts/reset-password-card';
import { AdminAuthFrame } from '../features/admin/admin-auth-frame';
import { adminPaths } from '../features/admin/admin-paths';
import { privatePageMeta } from '../lib/meta';
import type { Route } from './+types/admin.forgot-password';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Reset password · Admin Panel', matches);

export const action = (args: Route.ActionArgs) => resetAction(args, 'admin');

/**
 * An admin's forgotten password (issue 26), as shoppers reset theirs: a code by e-mail to an active admin's
 * address, then the code and a new password; every session of hers ends, and she logs in again.
 */
export default function AdminForgotPasswordPage({ actionData }: Route.ComponentProps) {
  return (
    <AdminAuthFrame>
      <ResetPasswordCard answer={actionData} loginPath={adminPaths.login} />
    </AdminAuthFrame>
  );
}

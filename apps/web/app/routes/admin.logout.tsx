import { redirect } from 'react-router';
import { pageOf } from '../context';
import { adminPaths } from '../features/admin/admin-paths';
import { adminSessionToken } from '../lib/session-tokens.server';
import type { Route } from './+types/admin.logout';

/** Spec §2.11 logout: the server ends the admin session and clears its cookie, then the visitor goes to '/'. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, identity } = pageOf(context);
  await services.admins.logout(adminSessionToken(request));
  identity.setAdminSession(null);
  return redirect('/');
}

/** A stray GET (a bookmark) logs nobody out: it goes to the panel, which asks for a login if needed. */
export const loader = () => redirect(adminPaths.dashboard);

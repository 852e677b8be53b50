import { redirect } from 'react-router';
import { adminCall } from '../features/admin/admin-api.server';
import { adminPaths } from '../features/admin/admin-paths';
import type { Route } from './+types/admin.logout';

/** Spec §2.11 logout: the server ends the admin session and clears its cookie, then the visitor goes to '/'. */
export async function action({ request, context }: Route.ActionArgs) {
  const { setCookie } = await adminCall(request, context, 'POST', '/api/admin/logout');
  const headers = new Headers();
  for (const cookie of setCookie) headers.append('set-cookie', cookie);
  return redirect('/', { headers });
}

/** A stray GET (a bookmark) logs nobody out: it goes to the panel, which asks for a login if needed. */
export const loader = () => redirect(adminPaths.dashboard);

import { data, Outlet } from 'react-router';
import { AdminFrame } from '../features/admin/admin-frame';
import { requireAdmin } from '../features/admin/admin-api.server';
import { AdminPageError } from '../features/admin/admin-error';
import type { Route } from './+types/admin';
import { privatePageMeta } from '../lib/meta';

/**
 * Spec §2.11: the back-office frame. The server decides who enters: GET /api/admin/me with the visitor's
 * cookies; without an admin session every /admin/* page goes to /admin/login (no browser-storage flag, no
 * username gate: see DESIGN.md, deliberate differences).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { admin, setCookie } = await requireAdmin(request, context);
  const headers = new Headers();
  // The API moves the session forward at most once a day; pass its cookie on to the browser.
  for (const cookie of setCookie) headers.append('set-cookie', cookie);
  return data({ admin }, { headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Admin Panel', matches);

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame admin={loaderData.admin}>
      <Outlet />
    </AdminFrame>
  );
}

export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <AdminPageError />
    </div>
  );
}

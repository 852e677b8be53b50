import { Outlet } from 'react-router';
import { adminOf, servicesOf } from '../context';
import { AdminFrame } from '../features/admin/admin-frame';
import { requireAdmin } from '../lib/page-middleware.server';
import { AdminPageError } from '../features/admin/admin-error';
import type { Route } from './+types/admin';
import { privatePageMeta } from '../lib/meta';

/**
 * Spec §2.11: the back-office frame. The server decides who enters, once, in this layout's middleware (the
 * admin session cookie, as the API's admin guard reads it); without an admin session every /admin/* page goes
 * to /admin/login (no browser-storage flag, no username gate: see DESIGN.md, deliberate differences).
 */
export const middleware: Route.MiddlewareFunction[] = [requireAdmin];

/** The admin, and the count of contact messages waiting for the sidebar (one indexed count a navigation). */
export async function loader({ context }: Route.LoaderArgs) {
  return { admin: adminOf(context), unhandledMessages: await servicesOf(context).contact.unhandledCount() };
}

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Admin Panel', matches);

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame admin={loaderData.admin} counts={{ messages: loaderData.unhandledMessages }}>
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

import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { adminOf } from '../context';
import { requireAdmin } from '../lib/page-middleware.server';
import { AdminPageError } from '../features/admin/admin-error';
import { adminPaths } from '../features/admin/admin-paths';
import { BillingScreen } from '../features/billing/billing-screen';
import type { Route } from './+types/admin-checkout';
import { privatePageMeta } from '../lib/meta';

/** Staff-assisted checkout: the billing screen for a signed-in admin, else the admin login. */
export const middleware: Route.MiddlewareFunction[] = [requireAdmin];

export function loader({ context }: Route.LoaderArgs) {
  return { adminName: adminOf(context).adminName };
}

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('In-store Checkout · Admin Panel', matches);

export default function AdminCheckoutPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <Link
            to={adminPaths.dashboard}
            className="inline-flex min-h-10 items-center gap-1.5 text-sm font-semibold text-wine-700 hover:underline"
          >
            <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Admin Panel
          </Link>
          <h1 className="text-2xl font-semibold sm:text-3xl">In-store Checkout</h1>
          <p className="mt-1 text-sm text-muted">Billing as {loaderData.adminName}</p>
        </div>
      </header>
      <BillingScreen />
    </div>
  );
}

export { AdminPageError as ErrorBoundary };

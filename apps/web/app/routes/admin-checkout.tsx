import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { adminOf, servicesOf } from '../context';
import { requireAdmin } from '../lib/page-middleware.server';
import { adminActor } from '../features/admin/admin-actor.server';
import { AdminPageError } from '../features/admin/admin-error';
import { adminForm } from '../features/admin/admin-form.server';
import { adminPaths } from '../features/admin/admin-paths';
import { BillingScreen } from '../features/billing/billing-screen';
import { counterAction } from '../features/billing/counter-action.server';
import { pageDraft } from '../features/billing/counter-draft';
import { newIdempotencyKey } from '../features/billing/idempotency-key';
import { failureIn } from '../lib/failure';
import type { Route } from './+types/admin-checkout';
import { privatePageMeta } from '../lib/meta';

/** Staff-assisted checkout: the billing screen for a signed-in admin, else the admin login. */
export const middleware: Route.MiddlewareFunction[] = [requireAdmin];

/** Who bills, and a new bill's Idempotency-Key drawn as the form is rendered (ADR 033), as on /admin/billing. */
export function loader({ context }: Route.LoaderArgs) {
  return { adminName: adminOf(context).adminName, idempotencyKey: newIdempotencyKey() };
}

/** The counter without scripts, as /admin/billing's. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await adminForm(request);
  return counterAction(form, servicesOf(context).billing, { actor: () => adminActor(context), billPage: adminPaths.bill });
}

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('In-store Checkout · Admin Panel', matches);

export default function AdminCheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
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
      <BillingScreen
        draft={pageDraft(loaderData.idempotencyKey, actionData)}
        found={actionData?.found ?? null}
        failure={failureIn(actionData)}
      />
    </div>
  );
}

export { AdminPageError as ErrorBoundary };

import { Link } from 'react-router';
import { servicesOf } from '../context';
import { adminActor } from '../features/admin/admin-actor.server';
import { AdminPageError } from '../features/admin/admin-error';
import { adminForm } from '../features/admin/admin-form.server';
import { adminPaths } from '../features/admin/admin-paths';
import { PageHeader } from '../components/page-header';
import { BillingScreen } from '../features/billing/billing-screen';
import { counterAction } from '../features/billing/counter-action.server';
import { pageDraft } from '../features/billing/counter-draft';
import { newIdempotencyKey } from '../features/billing/idempotency-key';
import { failureIn } from '../lib/failure';
import type { Route } from './+types/admin.billing';
import { privatePageMeta } from '../lib/meta';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Billing · Admin Panel', matches);

/** A new bill's Idempotency-Key, drawn as the form is rendered (ADR 033): posting this form again saves one bill. */
export function loader() {
  return { idempotencyKey: newIdempotencyKey() };
}

/** The counter without scripts: each step of the bill posted, the bill saved with the form's key (counter-action.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await adminForm(request);
  return counterAction(form, servicesOf(context).billing, { actor: () => adminActor(context), billPage: adminPaths.bill });
}

/** Spec §2.11 billing: the counter's point of sale (the layout has checked the admin session). */
export default function AdminBillingPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Billing"
        description="Scan or search items, add the customer, and save the bill with its invoice number."
        actions={
          <Link to={adminPaths.totalBills} className="btn btn-outline">
            All bills
          </Link>
        }
      />
      <BillingScreen
        draft={pageDraft(loaderData.idempotencyKey, actionData)}
        found={actionData?.found ?? null}
        failure={failureIn(actionData)}
      />
    </>
  );
}

export { AdminPageError as ErrorBoundary };

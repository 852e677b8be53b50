import { Link } from 'react-router';
import { AdminPageError } from '../features/admin/admin-error';
import { adminPaths } from '../features/admin/admin-paths';
import { PageHeader } from '../components/page-header';
import { BillingScreen } from '../features/billing/billing-screen';
import type { Route } from './+types/admin.billing';
import { privatePageMeta } from '../lib/meta';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Billing · Admin Panel', matches);

/** Spec §2.11 billing: the counter's point of sale (the layout has checked the admin session). */
export default function AdminBillingPage() {
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
      <BillingScreen />
    </>
  );
}

export { AdminPageError as ErrorBoundary };

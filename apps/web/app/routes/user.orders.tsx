import { Package } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { PageState, UserPage } from '../features/accounts/user-page';

/** My Orders; also the page for any unknown /user path. Empty until the orders issue lands. */
export default function OrdersPage() {
  return (
    <UserPage title="My Orders">
      <PageState
        loading={false}
        empty={
          <>
            <Package aria-hidden="true" className="mx-auto h-10 w-10 text-gold-600" />
            <p className="mt-3 font-semibold">You have no orders yet.</p>
            <p className="mt-1 text-sm text-muted">When you place an order, you can follow it here.</p>
            <Link to={paths.filter} className="btn btn-primary mt-6">
              Browse products
            </Link>
          </>
        }
      />
    </UserPage>
  );
}

import { rupeesCompact } from '@shop/core';
import { privatePageMeta } from '../lib/meta';
import { ChevronRight, Package, Shirt } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { PageState, UserPage } from '../features/accounts/user-page';
import { formatDate } from '../lib/order-format';
import { StatusChip } from '../components/status-chip';
import { CodLine } from '../components/cod-line';
import { servicesOf, signedInShopper } from '../context';
import type { Route } from './+types/user.orders';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('My Orders', matches);

export async function loader({ context }: Route.LoaderArgs) {
  return { orders: await servicesOf(context).orders.listMine(signedInShopper(context)._id) };
}

/** My Orders, newest first: number, date, status, total, item count and the first photo; also the page for any unknown /user path. */
export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData;
  return (
    <UserPage title="My Orders">
      <PageState
        loading={false}
        empty={
          orders.length === 0 && (
            <>
              <Package aria-hidden="true" className="mx-auto h-10 w-10 text-gold-600" />
              <p className="mt-3 font-semibold">You have no orders yet.</p>
              <p className="mt-1 text-sm text-muted">When you place an order, you can follow it here.</p>
              <Link to={paths.filter} className="btn btn-primary mt-6">
                Browse products
              </Link>
            </>
          )
        }
      >
        <ul className="space-y-3" aria-label="Orders">
          {orders.map((order) => (
            <li key={order._id}>
              <Link
                to={paths.userOrder(order._id)}
                className="group flex items-center gap-4 rounded-2xl border border-line bg-white p-4 hover:border-wine-100 hover:shadow-sm sm:p-5"
              >
                {order.image ? (
                  <img
                    src={order.image}
                    alt=""
                    loading="lazy"
                    className="aspect-[4/5] w-14 shrink-0 rounded-lg bg-sand object-cover sm:w-16"
                  />
                ) : (
                  <span className="flex aspect-[4/5] w-14 shrink-0 items-center justify-center rounded-lg bg-sand text-muted sm:w-16">
                    <Shirt aria-hidden="true" className="h-6 w-6 opacity-40" />
                  </span>
                )}
                <span className="grid min-w-0 flex-1 gap-1 sm:grid-cols-[1fr_auto] sm:items-center sm:gap-x-6">
                  <span className="min-w-0">
                    <span className="block font-semibold group-hover:text-wine-700">{order.orderNumber}</span>
                    <span className="block text-sm text-muted">
                      {formatDate(order.createdAt)} · {order.itemCount} {order.itemCount === 1 ? 'item' : 'items'}
                    </span>
                    <CodLine order={order} className="mt-0.5" />
                  </span>
                  <span className="flex items-center gap-3 sm:flex-col sm:items-end sm:gap-1">
                    <StatusChip status={order.status} />
                    <span className="font-semibold tabular-nums">{rupeesCompact(order.total)}</span>
                  </span>
                </span>
                <ChevronRight aria-hidden="true" className="h-5 w-5 shrink-0 text-muted group-hover:text-wine-700" />
              </Link>
            </li>
          ))}
        </ul>
      </PageState>
    </UserPage>
  );
}

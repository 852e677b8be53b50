import { AppError, adminOrderQuerySchema, shipManySchema } from '@shop/core';
import { data, useActionData } from 'react-router';
import { adminOf, servicesOf } from '../context';
import { adminActor } from '../features/admin/admin-actor.server';
import { adminForm, formIntentOf } from '../features/admin/admin-form.server';
import { AdminPageError } from '../features/admin/admin-error';
import { adminPaths } from '../features/admin/admin-paths';
import { OrdersList, type ShipManyAnswer } from '../features/admin-orders/orders-list';
import { validate } from '../lib/form';
import { apiQuery, readListQuery } from '../lib/list-query';
import { privatePageMeta } from '../lib/meta';
import { actionCall, loaderCall } from '../lib/service-call.server';
import type { Route } from './+types/admin.orders';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Orders · Admin Panel', matches);

/**
 * The orders of the URL's filters (status, search, India days, page), 50 a page. The owner downloads the paid orders
 * of the same days as CSV, one row per invoice line (issue 43; the API refuses staff, who get no link).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { query, failure } = readListQuery(request, adminOrderQuerySchema);
  const days = new URLSearchParams(apiQuery(new URL(request.url).searchParams, ['from', 'to']));
  for (const name of Object.keys(failure?.fields ?? {})) days.delete(name);
  const exportUrl = adminOf(context).role === 'owner' ? `/api/admin/order/exportOrders${days.size > 0 ? `?${days.toString()}` : ''}` : null;
  const services = servicesOf(context);
  // Paid orders can be ticked and booked together when the shop books couriers (issue 42).
  return { ...(await loaderCall(services.adminOrders.list(query))), failure, exportUrl, canBook: services.shipping.books };
}

/**
 * Ship selected (issue 42): the ticked paid orders booked with the owner's default courier, then one labels PDF and
 * the courier's manifest, whose links the page shows (with scripts or without). A refusal names the order it stopped at.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await adminForm(request);
  if (formIntentOf(form, ['shipMany'] as const) !== 'shipMany') {
    return data({ ok: false as const, error: 'Unknown action.', fields: {} }, { status: 400 });
  }
  const orderIds = form.getAll('orderIds').filter((value): value is string => typeof value === 'string');
  return actionCall(
    (async () => {
      const checked = validate(shipManySchema, { orderIds });
      if (!checked.data) {
        const message = Object.values(checked.errors)[0] ?? 'Select at least one paid order.';
        throw new AppError('INVALID_DATA', message, { orderIds: message });
      }
      return servicesOf(context).shipping.shipMany(adminActor(context), checked.data.orderIds);
    })(),
    (links): ShipManyAnswer => ({ ok: true, count: orderIds.length, ...links }),
    {},
  );
}

/** /admin/orders: orders by status, search and dates (issue 10 orders management); paid ones shipped together. */
export default function AdminOrdersPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  return <OrdersList {...loaderData} orderHref={adminPaths.order} shipAnswer={answer ?? null} />;
}

export { AdminPageError as ErrorBoundary };

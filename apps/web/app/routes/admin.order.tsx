import {
  AppError,
  adminReasonSchema,
  isUuid,
  parseRupees,
  REFUND_REFERENCE_INVALID,
  reattemptSchema,
  refundReferenceSchema,
  shipOrderSchema,
  updateOrderStatusSchema,
  type ReattemptInput,
  type CourierOptions,
  type ShipOrderInput,
  type ReceiveReturnInput,
  type UpdateOrderStatusInput,
  isReadyToShip,
} from '@shop/core';
import { adminOf, servicesOf } from '../context';
import { adminActor, ownerActor } from '../features/admin/admin-actor.server';
import { buttonCall, invalidFields } from '../lib/button-action.server';
import { AdminPageError } from '../features/admin/admin-error';
import { adminPaths } from '../features/admin/admin-paths';
import { OrderDetailView } from '../features/admin-orders/order-detail';
import { isCreditedOrder } from '../features/invoice/invoice-model';
import { ACTION_DONE, ADMIN_ORDER_ACTIONS } from '../features/admin-orders/order-actions';
import { validate } from '../lib/form';
import { adminForm, formIntentOf } from '../features/admin/admin-form.server';
import { formText } from '../lib/form-data';
import { privatePageMeta } from '../lib/meta';
import { backTo } from '../lib/flash.server';
import { loaderCall } from '../lib/service-call.server';
import type { Route } from './+types/admin.order';

export const meta: Route.MetaFunction = ({ data, matches }) =>
  privatePageMeta(`${data ? `Order ${data.order.orderNumber}` : 'Order'} · Admin Panel`, matches);

/** One order with who did what; an address that names no order is the admin's not-found page. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const order = await loaderCall(services.adminOrders.detail(params.orderId));
  // The courier picker (issue 42): only for a paid order the shop can book; the provider's refusal is said in its
  // place, and Ship with courier (the owner's default) stays.
  let couriers: CourierOptions | null = null;
  let couriersFailure: string | null = null;
  if (order.canBook && isReadyToShip(order.status) && !order.shipment) {
    try {
      couriers = await services.shipping.couriersFor(order._id);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      couriersFailure = error.message;
    }
  }
  return { order, isOwner: adminOf(context).role === 'owner', couriers, couriersFailure };
}

/** The courier picked from the list (a radio's `courierId`), or none: the owner's default choice. */
function shipInput(form: FormData): ShipOrderInput {
  if (!form.has('courierId')) return {};
  const text = formText(form, 'courierId').trim();
  const checked = shipOrderSchema.safeParse({ courierId: /^\d{1,9}$/.test(text) ? Number(text) : text });
  if (!checked.success || checked.data.courierId === undefined) throw invalidFields({ courierId: 'Choose a courier from the list.' });
  return checked.data;
}

/**
 * The order's status as the move sets it, with the courier and tracking number a shipment needs, and the cash a
 * COD delivery collected (typed in rupees; issue 41).
 */
function statusInput(action: 'pack' | 'ship' | 'deliver' | 'returnToOrigin', form: FormData): UpdateOrderStatusInput {
  if (action === 'pack') return { status: 'packed' };
  if (action === 'returnToOrigin') return { status: 'returned_to_origin' };
  if (action === 'deliver') {
    const text = formText(form, 'cashCollected').trim();
    if (!text && !form.has('cashCollected')) return { status: 'delivered' };
    const paise = parseRupees(text);
    if (paise === null) throw invalidFields({ cashCollected: 'Enter the cash collected in rupees, such as 1249.' });
    return { status: 'delivered', cashCollected: paise };
  }
  const checked = validate(updateOrderStatusSchema, {
    status: 'shipped',
    courier: formText(form, 'courier'),
    trackingNumber: formText(form, 'trackingNumber'),
  });
  if (!checked.data) throw invalidFields(checked.errors);
  return checked.data;
}

/** The reason a cancel or a refused return gives the shopper. */
function reasonOf(form: FormData): string {
  const checked = validate(adminReasonSchema, { reason: formText(form, 'reason') });
  if (!checked.data) throw invalidFields(checked.errors);
  return checked.data.reason;
}

/** The refund's amount in rupees as the owner typed it (paise); none: the received pieces' share the server reckons. */
function refundAmountOf(form: FormData): number | undefined {
  const text = formText(form, 'amount').trim();
  if (!text) return undefined;
  const paise = parseRupees(text);
  if (paise === null || paise < 1) throw invalidFields({ amount: 'Enter the amount in rupees, such as 1299.50.' });
  return paise;
}

/** A COD refund's UPI transaction reference (issue 41), checked as the API checks it; none for an online refund. */
function refundReferenceOf(form: FormData): string | undefined {
  if (!form.has('reference')) return undefined;
  const checked = refundReferenceSchema.safeParse(formText(form, 'reference'));
  if (!checked.success) throw invalidFields({ reference: checked.error.issues[0]?.message ?? REFUND_REFERENCE_INVALID });
  return checked.data;
}

/** The reattempt form (issue 42): the failed attempt it answers and the note for the courier. */
function reattemptOf(form: FormData): ReattemptInput {
  const checked = validate(reattemptSchema, { attempt: formText(form, 'attempt'), comments: formText(form, 'comments') });
  if (!checked.data) throw invalidFields(checked.errors);
  return checked.data;
}

/**
 * The receive-return form: per returned line, `restock.<itemId>` pieces back on sale and `writeOff.<itemId>` pieces
 * written off (damaged), as the API's items (issue 40). A count that is not a whole number from 0 to 10 names `items`.
 */
function receivedItemsOf(form: FormData): ReceiveReturnInput['items'] {
  const items: ReceiveReturnInput['items'] = [];
  for (const [name, value] of form.entries()) {
    const match = /^(restock|writeOff)\.([0-9a-f-]{36})$/.exec(name);
    if (!match || typeof value !== 'string') continue;
    const text = value.trim() || '0';
    if (!/^\d{1,2}$/.test(text) || Number(text) > 10) throw invalidFields({ items: 'Enter each count as a whole number from 0 to 10.' });
    if (Number(text) > 0) items.push({ itemId: match[2]!, quantity: Number(text), restock: match[1] === 'restock' });
  }
  return items;
}

/**
 * The order page's moves (issue 10): pack, ship (courier, tracking number), deliver, approve or reject a return
 * for any admin; cancel, refund and Retry refund (issue 38), which send money back, for owners only, as the API
 * keeps them. Each answers as a button does (adminChange): the toast with scripts, back to the order with the
 * message without.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await adminForm(request);
  const action = formIntentOf(form, ADMIN_ORDER_ACTIONS);
  const { orderId } = params;
  const orders = servicesOf(context).adminOrders;
  const change = async () => {
    if (!action) throw new AppError('INVALID_DATA', 'Unknown action.');
    if (!isUuid(orderId)) throw new AppError('NOT_FOUND', 'Order not found');
    switch (action) {
      case 'pack':
      case 'ship':
      case 'deliver':
      case 'returnToOrigin':
        return orders.updateStatus(adminActor(context), orderId, statusInput(action, form));
      case 'cancel':
        return orders.cancel(ownerActor(context), orderId, reasonOf(form));
      case 'approveReturn':
        return orders.approveReturn(adminActor(context), orderId);
      case 'rejectReturn':
        return orders.rejectReturn(adminActor(context), orderId, reasonOf(form));
      case 'refund':
        return orders.refund(ownerActor(context), orderId, refundAmountOf(form), refundReferenceOf(form));
      case 'receiveReturn':
        return orders.receiveReturn(adminActor(context), orderId, receivedItemsOf(form));
      case 'retryRefund':
        return orders.retryRefund(ownerActor(context), orderId);
      case 'book':
        return servicesOf(context).shipping.ship(adminActor(context), orderId, shipInput(form));
      case 'reattempt':
        return servicesOf(context).ndr.reattempt(adminActor(context), orderId, reattemptOf(form));
      case 'retryPickup':
        return servicesOf(context).returnPickups.retry(adminActor(context), orderId);
    }
  };
  return buttonCall(form, backTo(request, form, adminPaths.order(orderId)), change, action ? ACTION_DONE[action] : undefined);
}

/** /admin/orders/{orderId}: items, address, payment, timeline, the next moves and the packing slip. */
export default function AdminOrderPage({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  return (
    <OrderDetailView
      {...loaderData}
      ordersHref={adminPaths.orders}
      invoiceHref={order.invoiceNumber ? adminPaths.orderInvoice(order._id) : null}
      creditNoteHref={isCreditedOrder(order) ? adminPaths.orderCreditNote(order._id) : null}
    />
  );
}

export { AdminPageError as ErrorBoundary };

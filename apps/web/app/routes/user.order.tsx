import { privatePageMeta } from '../lib/meta';
import {
  cityAndDistrict,
  AppError,
  cancelOrderSchema,
  MAX_PHOTO_BYTES,
  ORDER_STATUS_LABELS,
  requestReturnSchema,
  istDayShort,
  rupeesCompact,
  type OrderDetail,
} from '@shop/core';
import { ArrowLeft, PenLine } from 'lucide-react';
import { Link, useRouteLoaderData } from 'react-router';
import { paths } from '../config/paths';
import { OrderActions } from '../features/orders/order-actions';
import { CodLine } from '../components/cod-line';
import { formatDate, formatDateTime, formatDeliveryWindow, isPartlyRefunded, methodLabel, orderPaymentLabel } from '../lib/order-format';
import { Chip } from '../components/chip';
import { OrderItemRow, OrderTotals } from '../components/order-items';
import { PrintLink } from '../components/print-link';
import { ReceiptHeader } from '../features/orders/receipt-header';
import { StatusChip } from '../components/status-chip';
import { servicesOf, signedInShopper } from '../context';
import { actionCall, formFailure, loaderCall } from '../lib/service-call.server';
import { done } from '../lib/flash.server';
import { validate } from '../lib/form';
import { formFiles, formText } from '../lib/form-data';
import { FIELDS_FORM, PHOTOS_FORM, readForm } from '../lib/read-form.server';
import { cancelReasonOf, orderPapers, refundNotice, returnItemsOf, returnLinesOf, trackingLinkOf } from '../features/orders/after-sales';
import { cancelledMessage, refundPendingNotice } from '../features/orders/refund-pending';
import { deliveryDayOf } from '../features/orders/delivery-day.server';
import { FailedDeliveryNotice, ReturnPickupNotice } from '../features/orders/parcel-notices';
import type { RootLoaderData } from '../root';
import type { Route } from './+types/user.order';

/** One of the shopper's orders; someone else's, or an unknown id, is the not-found page. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = signedInShopper(context);
  const services = servicesOf(context);
  const order = await loaderCall(services.orders.getMine(user._id, params.orderId));
  return { order, deliveryBy: await deliveryDayOf(services, order) };
}

/** A return carries at most this many photos (the server says the same). */
const MAX_RETURN_PHOTOS = 3;

/**
 * Cancel (intent 'cancel', a reason from the list and her words) or return (intent 'return': the ticked items and
 * their pieces, a reason, a note and photos, multipart) the order, posted from the order's dialogs (with scripts)
 * or its disclosures (without): the page comes back with what happened; a refusal is shown beside the fields, or
 * at the top of the form.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = signedInShopper(context);
  const services = servicesOf(context);
  const multipart = request.headers.get('content-type')?.startsWith('multipart/form-data') ?? false;
  let form: FormData;
  try {
    form = await readForm(request, multipart ? PHOTOS_FORM : FIELDS_FORM);
  } catch (error) {
    if (error instanceof AppError) return formFailure(error.status, { error: error.message, fields: {} }, { intent: 'return' });
    throw error;
  }
  const intent = formText(form, 'intent') === 'return' ? 'return' : 'cancel';
  const back = paths.userOrder(params.orderId);
  if (intent === 'cancel') {
    const checked = validate(cancelOrderSchema, { reason: cancelReasonOf(form) });
    if (!checked.data) return formFailure(400, { error: null, fields: checked.errors }, { intent });
    return actionCall(
      services.payments.cancelOrder(user._id, params.orderId, checked.data.reason),
      (cancelled) => done(form, back, { kind: 'success', message: cancelledMessage(cancelled.refund) }),
      { intent },
    );
  }
  const checked = validate(requestReturnSchema, {
    reason: formText(form, 'reason'),
    note: formText(form, 'note'),
    items: returnItemsOf(form),
    // A cash-on-delivery order's refund goes to her UPI ID (issue 41); the server asks for it then, and only then.
    ...(formText(form, 'upiId') ? { upiId: formText(form, 'upiId') } : {}),
  });
  const files = formFiles(form, 'photos');
  const photosError =
    files.length > MAX_RETURN_PHOTOS
      ? `Add at most ${MAX_RETURN_PHOTOS} photos.`
      : files.some((file) => file.size > MAX_PHOTO_BYTES)
        ? `Each photo must be at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB.`
        : null;
  if (!checked.data || photosError) {
    const fields = { ...checked.errors, ...(photosError ? { photos: photosError } : {}) };
    return formFailure(400, { error: null, fields }, { intent });
  }
  const bytes = await Promise.all(files.map(async (file) => new Uint8Array(await file.arrayBuffer())));
  return actionCall(
    services.orders.requestReturn(user._id, params.orderId, checked.data, bytes),
    () => done(form, back, { kind: 'success', message: 'Return requested. We will get back to you within 2 business days.' }),
    { intent },
  );
}

export const meta: Route.MetaFunction = ({ data, matches }) => privatePageMeta(data ? `Order ${data.order.orderNumber}` : 'Order', matches);

const CARD = 'rounded-2xl border border-line bg-white p-5 sm:p-6 print:border-0 print:p-0';

function Timeline({ order }: { order: OrderDetail }) {
  return (
    <ol className="relative space-y-5 border-l-2 border-line pl-6">
      {order.timeline.map((event, index) => {
        const last = index === order.timeline.length - 1;
        return (
          <li key={`${event.status}-${event.at}`} className="relative">
            <span
              aria-hidden="true"
              className={`absolute -left-[1.95rem] top-1 h-3.5 w-3.5 rounded-full border-2 border-white ${last ? 'bg-wine-700 ring-2 ring-wine-100' : 'bg-gold-400'}`}
            />
            <p className="font-semibold">{ORDER_STATUS_LABELS[event.status]}</p>
            <p className="text-sm text-muted">
              <time dateTime={event.at}>{formatDateTime(event.at)}</time>
            </p>
            {event.note && <p className="mt-0.5 text-sm">{event.note}</p>}
          </li>
        );
      })}
    </ol>
  );
}

/** The tracking number, linked to the courier's tracking page when we know the courier. */
function Tracking({ order }: { order: OrderDetail }) {
  const url = trackingLinkOf(order);
  if (!url) return <span className="break-all">{order.trackingNumber}</span>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="break-all font-semibold text-wine-700 underline underline-offset-2">
      {order.trackingNumber}
      <span className="sr-only"> (opens the courier's tracking page)</span>
    </a>
  );
}

/** After a refund: how much, where it goes and by when. */
function RefundNotice({ order }: { order: OrderDetail }) {
  const text = refundNotice(order);
  if (!text) return null;
  return (
    <p role="status" className="mt-3 rounded-xl border border-[#cde3d3] bg-[#eef7f0] px-4 py-3 text-sm text-[#1f4d2c]">
      {text}
    </p>
  );
}

/** A refund Razorpay has not confirmed: that it is pending, and what happens next (issue 38). */
function RefundPending({ order }: { order: OrderDetail }) {
  const notice = refundPendingNotice(order);
  if (!notice) return null;
  return (
    <p role="status" className="mt-3 rounded-xl border border-[#f0d9a8] bg-[#fdf1dc] px-4 py-3 text-sm text-[#5c3804]">
      <strong className="font-semibold">{notice.title}</strong> {notice.text}
    </p>
  );
}

/** What a return asks to send back: each piece by name, colour and size, with the reason given for it. */
function ReturnSummary({ order }: { order: OrderDetail }) {
  const lines = returnLinesOf(order);
  if (lines.length === 0) return null;
  return (
    <div className="mt-3 text-sm">
      <p className="text-muted">{order.status === 'return_requested' ? 'Returning:' : 'Returned:'}</p>
      <ul className="mt-1 space-y-0.5">
        {lines.map((line) => (
          <li key={line.itemId}>
            <span className="font-semibold">{line.text}</span> · {line.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The mark of an order line a return holds: 'Returning 1 of 2', 'Returned' once the parcel is back; null for others. */
function returnMarkOf(order: OrderDetail, itemId: string) {
  const line = returnLinesOf(order).find((candidate) => candidate.itemId === itemId);
  if (!line) return null;
  const verb = order.status === 'return_requested' ? 'Returning' : 'Returned';
  return <Chip tone="warn">{line.quantity === 1 ? verb : `${verb} ${line.pieces} of ${line.quantity}`}</Chip>;
}

/** An order: items with their price breakdown, address, payment, timeline, delivery window, cancel or return, and a printable receipt. */
export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const settings = useRouteLoaderData<RootLoaderData>('root')?.settings;
  const { order, deliveryBy } = loaderData;
  const { payment, address } = order;

  return (
    <section aria-labelledby="order-title">
      {settings && <ReceiptHeader settings={settings} title={`Order receipt · ${order.orderNumber}`} />}
      <Link
        to={paths.userOrders}
        className="inline-flex min-h-10 items-center gap-1.5 text-sm font-semibold text-wine-700 hover:underline print:hidden"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        My Orders
      </Link>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 id="order-title" className="text-2xl font-semibold sm:text-3xl">
            Order {order.orderNumber}
          </h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
            Placed {formatDateTime(order.createdAt)}
            <StatusChip status={order.status} partlyRefunded={isPartlyRefunded(order)} />
          </p>
        </div>
        <div className="flex flex-wrap items-start gap-3 print:hidden">
          <OrderActions order={order} />
          {/* An unpaid order has nothing to print; a cancelled or refunded one its credit note, beside the receipt of what she kept. */}
          {orderPapers(order).map((paper) => (
            <PrintLink key={paper.path} path={paper.path}>
              {paper.label}
            </PrintLink>
          ))}
        </div>
      </div>

      {order.status === 'awaiting_confirmation' && (
        <p role="status" className="mt-5 rounded-xl border border-[#f0d9a8] bg-[#fdf1dc] px-4 py-3 text-sm text-[#5c3804] print:hidden">
          This cash-on-delivery order waits for the code we e-mailed you
          {order.reservedUntil ? <> until {formatDateTime(order.reservedUntil)}; after that it is cancelled</> : null}.{' '}
          <Link to={paths.paymentSuccess(order._id)} className="font-semibold underline underline-offset-2">
            Enter the code
          </Link>
        </p>
      )}
      {order.status === 'pending_payment' && (
        <p role="status" className="mt-5 rounded-xl border border-[#f0d9a8] bg-[#fdf1dc] px-4 py-3 text-sm text-[#5c3804] print:hidden">
          This order is waiting for payment
          {order.reservedUntil ? (
            <> until {formatDateTime(order.reservedUntil)}; after that it is cancelled and the items go back on sale</>
          ) : null}
          .{' '}
          <Link to={paths.cart} className="font-semibold underline underline-offset-2">
            Pay from your cart
          </Link>
        </p>
      )}
      {(order.deliveredAt || order.expectedDelivery) && (
        <p className="mt-5 rounded-xl bg-wine-50 px-4 py-3 text-sm text-ink">
          {order.deliveredAt ? (
            <>
              Delivered on <strong className="whitespace-nowrap font-semibold">{formatDate(order.deliveredAt)}</strong>
            </>
          ) : (
            order.expectedDelivery &&
            (deliveryBy ? (
              <>
                Delivery by <strong className="whitespace-nowrap font-semibold">{istDayShort(deliveryBy)}</strong>
              </>
            ) : (
              <>
                Expected delivery:{' '}
                <strong className="whitespace-nowrap font-semibold">{formatDeliveryWindow(order.expectedDelivery)}</strong>
              </>
            ))
          )}
          {order.courier && (
            <>
              {' '}
              · {order.courier}
              {order.trackingNumber && (
                <>
                  {' '}
                  · tracking <Tracking order={order} />
                </>
              )}
            </>
          )}
        </p>
      )}
      <FailedDeliveryNotice order={order} />
      <ReturnPickupNotice order={order} />
      <RefundNotice order={order} />
      <RefundPending order={order} />
      {order.cancelReason && <p className="mt-3 text-sm text-muted">Cancelled: {order.cancelReason}</p>}
      <ReturnSummary order={order} />

      <div className="mt-6 grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="space-y-6">
          <section aria-labelledby="order-items" className={CARD}>
            <h2 id="order-items" className="text-xl font-semibold">
              Items
            </h2>
            <ul className="mt-4 divide-y divide-line">
              {order.items.map((item) => (
                <OrderItemRow
                  key={`${item._id}:${item.variantId ?? ''}`}
                  item={item}
                  showDescription={false}
                  mark={returnMarkOf(order, item.itemId)}
                  action={
                    // Issue 28: a delivered piece can be reviewed (the page says so if it cannot).
                    order.status === 'delivered' && (
                      <Link
                        to={paths.userReview(item._id)}
                        aria-label={`Write a review: ${item.productName}`}
                        className="btn btn-outline min-h-10 px-4"
                      >
                        <PenLine aria-hidden="true" className="h-4 w-4" /> Write a review
                      </Link>
                    )
                  }
                />
              ))}
            </ul>
            <div className="mt-5 border-t border-line pt-4 sm:ml-auto sm:max-w-xs">
              <OrderTotals order={order} />
            </div>
          </section>

          <div className="grid gap-6 md:grid-cols-2">
            <section aria-labelledby="order-address" className={CARD}>
              <h2 id="order-address" className="text-lg font-semibold">
                Delivery address
              </h2>
              <address className="mt-3 text-sm not-italic leading-6">
                <span className="font-semibold">{address.name}</span>
                <br />
                {address.street}
                {address.landmark && (
                  <>
                    <br />
                    Near {address.landmark}
                  </>
                )}
                <br />
                {cityAndDistrict(address)}
                <br />
                {address.state} – {address.pincode}
                <br />
                Phone {address.phone}
              </address>
            </section>
            <section aria-labelledby="order-payment" className={CARD}>
              <h2 id="order-payment" className="text-lg font-semibold">
                Payment
              </h2>
              {order.paymentMethod === 'cod' && !payment ? (
                <div className="mt-3 grid gap-1 text-sm">
                  <CodLine order={order} />
                  {order.codFee > 0 && <p className="text-muted">Includes the cash-on-delivery fee of {rupeesCompact(order.codFee)}.</p>}
                </div>
              ) : payment ? (
                <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                  <dt className="text-muted">Amount</dt>
                  <dd className="tabular-nums">{rupeesCompact(payment.amount)}</dd>
                  <dt className="text-muted">Method</dt>
                  <dd>{methodLabel(payment.paymentMethod)}</dd>
                  <dt className="text-muted">Status</dt>
                  <dd>{orderPaymentLabel(order)}</dd>
                  {payment.paymentDate && (
                    <>
                      <dt className="text-muted">Date</dt>
                      <dd>{formatDateTime(payment.paymentDate)}</dd>
                    </>
                  )}
                  <dt className="text-muted">Payment id</dt>
                  <dd className="break-all font-mono text-xs leading-5">{payment.razorpay_id ?? '—'}</dd>
                </dl>
              ) : (
                <p className="mt-3 text-sm text-muted">Not paid.</p>
              )}
            </section>
          </div>
        </div>

        <section aria-labelledby="order-timeline" className={`${CARD} print:break-inside-avoid`}>
          <h2 id="order-timeline" className="text-lg font-semibold">
            Timeline
          </h2>
          <div className="mt-4">
            <Timeline order={order} />
          </div>
        </section>
      </div>
    </section>
  );
}

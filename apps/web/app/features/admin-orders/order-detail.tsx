import {
  businessBuyerOfDocument,
  cityAndDistrict,
  formatINR,
  istDayShort,
  ORDER_STATUS_LABELS,
  paiseToDecimal,
  refundTimelineOf,
  returnedPieces,
  returnReasonLabel,
  rupeesCompact,
  type AdminOrderDetail,
  type CourierOptions,
  isReadyToShip,
} from '@shop/core';
import { FileText, Printer } from 'lucide-react';
import { createPortal } from 'react-dom';
import { Link, useFetcher } from 'react-router';
import { BuyerGstin } from '../../components/buyer-gstin';
import { ConfirmButton } from '../../components/confirm-dialog';
import { Enhanced, useHydrated } from '../../components/enhanced';
import { useAnswerToast } from '../../components/flash-message';
import { TextAreaField, TextField } from '../../components/form-field';
import { PrintLink } from '../../components/print-link';
import { RadioCard } from '../../components/radio-card';
import { formatDateTime, isPartlyRefunded, methodLabel, orderPaymentLabel } from '../../lib/order-format';
import { OrderItemRow, OrderTotals, variantText } from '../../components/order-items';
import { CodLine } from '../../components/cod-line';
import { StatusChip } from '../../components/status-chip';
import { ACTION_LABELS, OWNER_ACTIONS, hasRefundToRetry, pageActionsFor, type AdminOrderAction } from './order-actions';
import { refundStateText } from './refund-state';
import { DeliveryAttemptsSection, ReturnPickupSection } from './shipping-after';

const card = 'rounded-2xl border border-line bg-white p-4 sm:p-6';

/** A move that needs nothing more than the button (pack, deliver, approve a return, refund): a form of its own. */
function OrderButton({ action }: { action: AdminOrderAction }) {
  const fetcher = useFetcher();
  useAnswerToast(fetcher.data, { failures: true });
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={action} />
      <Enhanced />
      <button type="submit" className="btn btn-primary" disabled={fetcher.state !== 'idle'}>
        {fetcher.state !== 'idle' ? 'Working...' : ACTION_LABELS[action]}
      </button>
    </fetcher.Form>
  );
}

/**
 * The parcel booked through the shipping provider (issue 42): courier, AWB, pickup, the label to print and the
 * tracking link, then the courier's scans. A paid order of a shop that books couriers offers Ship with courier; a
 * failed booking leaves it paid, and the toast (or, without scripts, the message) says 'Booking failed — retry'.
 */
function ShipmentSection({
  order,
  couriers,
  couriersFailure,
}: {
  order: AdminOrderDetail;
  couriers: CourierOptions | null;
  couriersFailure: string | null;
}) {
  const { shipment } = order;
  if (!shipment && !(order.canBook && isReadyToShip(order.status))) return null;
  return (
    <section aria-labelledby="shipment-title" className={card}>
      <h2 id="shipment-title" className="mb-2 text-lg font-semibold">
        Shipment
      </h2>
      {shipment ? (
        <>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted">Courier</dt>
            <dd>{shipment.courierName}</dd>
            <dt className="text-muted">AWB</dt>
            <dd className="font-mono break-all">{shipment.awb}</dd>
            <dt className="text-muted">Pickup</dt>
            <dd>{shipment.pickupScheduled ? `${shipment.pickupScheduled.slice(0, 16)} (courier's time)` : 'Awaiting pickup'}</dd>
          </dl>
          <div className="mt-3 flex flex-wrap gap-2">
            <a href={shipment.labelUrl} target="_blank" rel="noreferrer" className="btn btn-primary">
              <Printer aria-hidden="true" className="h-4 w-4" />
              Print label
            </a>
            <a href={shipment.trackingUrl} target="_blank" rel="noreferrer" className="btn btn-outline">
              Track parcel
            </a>
          </div>
          {shipment.scans.length > 0 ? (
            <ol className="mt-4 space-y-2 border-l-2 border-line pl-4" aria-label="Courier scans">
              {shipment.scans.map((scan) => (
                <li key={`${scan.at}-${scan.label}`} className="text-sm">
                  <p className="font-semibold">{scan.label.charAt(0) + scan.label.slice(1).toLowerCase()}</p>
                  <p className="text-xs text-muted">
                    {scan.at.slice(0, 16)}
                    {scan.location && ` · ${scan.location}`}
                  </p>
                </li>
              ))}
            </ol>
          ) : (
            <p className="mt-3 text-sm text-muted">Awaiting pickup: the order moves to shipped at the courier's first scan.</p>
          )}
        </>
      ) : (
        <>
          <p className="mb-3 text-sm text-muted">Book the courier: the pickup is scheduled and the label is ready to print.</p>
          <OrderButton action="book" />
          {couriers && <DefaultCourierNote couriers={couriers} />}
          <CourierPicker couriers={couriers} failure={couriersFailure} />
        </>
      )}
    </section>
  );
}

const CHOICE_WORDS = { cheapest: 'cheapest', fastest: 'fastest' } as const;

/** Which courier the one button books: the owner's default (Settings), named. */
function DefaultCourierNote({ couriers }: { couriers: CourierOptions }) {
  const chosen = couriers.couriers.find((courier) => courier.id === couriers.defaultCourierId);
  if (!chosen) return null;
  return (
    <p className="mt-2 text-xs text-muted">
      Books the {CHOICE_WORDS[couriers.choice]}: {chosen.name}, {rupeesCompact(chosen.ratePaise)}, delivery by{' '}
      {istDayShort(chosen.deliveryBy)}.
    </p>
  );
}

/**
 * Another courier than the default (issue 42): the couriers that reach the order's pincode as a radio list with
 * their rate and day, posted as `courierId` with the book move. A disclosure, so it works without scripts.
 */
function CourierPicker({ couriers, failure }: { couriers: CourierOptions | null; failure: string | null }) {
  const fetcher = useFetcher();
  useAnswerToast(fetcher.data, { failures: true });
  if (failure) return <p className="mt-3 text-sm text-wine-700">Couriers could not be listed: {failure}</p>;
  if (!couriers) return null;
  if (couriers.couriers.length === 0) {
    return (
      <p className="mt-3 text-sm text-wine-700">
        No courier reaches this pincode yet: ship it by hand, or ask the shopper for another address.
      </p>
    );
  }
  const busy = fetcher.state !== 'idle';
  return (
    <details className="mt-4 rounded-xl border border-line">
      <summary className="flex min-h-11 cursor-pointer items-center px-3 text-sm font-semibold text-wine-700">Pick another courier</summary>
      <fetcher.Form method="post" className="border-t border-line p-3">
        <input type="hidden" name="intent" value="book" />
        <Enhanced />
        <fieldset>
          <legend className="sr-only">Couriers to this pincode</legend>
          <div className="grid gap-2">
            {couriers.couriers.map((courier) => (
              <RadioCard key={courier.id} name="courierId" value={courier.id} defaultChecked={courier.id === couriers.defaultCourierId}>
                <span className="flex flex-wrap items-baseline justify-between gap-x-2">
                  <span className="font-semibold text-ink">{courier.name}</span>
                  <span className="font-semibold tabular-nums">{rupeesCompact(courier.ratePaise)}</span>
                </span>
                <span className="block text-xs text-muted">
                  {courier.days} {courier.days === 1 ? 'day' : 'days'} · by {istDayShort(courier.deliveryBy)}
                  {courier.cod ? ' · COD' : ''}
                </span>
              </RadioCard>
            ))}
          </div>
        </fieldset>
        <button type="submit" className="btn btn-outline mt-3 w-full" disabled={busy}>
          {busy ? 'Working...' : 'Ship with this courier'}
        </button>
      </fetcher.Form>
    </details>
  );
}

/** A reason the shopper reads (a cancel, a refused return). */
const ReasonField = () => <TextAreaField label="Reason" name="reason" required rows={3} maxLength={500} />;

/** Who made a timeline change: the admin by name (issue 40), else the shopper, Razorpay or the shop. */
const ACTOR_WORDS: Record<string, string> = { shopper: 'Shopper', razorpay: 'Razorpay', system: 'The shop', admin: 'Back-office' };
export const eventActorText = (event: Pick<AdminOrderDetail['events'][number], 'actor' | 'actorName'>): string =>
  event.actorName ?? ACTOR_WORDS[event.actor] ?? event.actor;

/**
 * Refund asks first (issue 40): the amount, where it goes (the payment method Razorpay recorded, its refund time and
 * the payment's id) and what is refundable; the amount may be lowered for a part refund. A native dialog with scripts
 * (focus kept inside, Escape closes, labelled by its title); without them a disclosure with the same form.
 */
function RefundMove({ order }: { order: AdminOrderDetail }) {
  const amount = order.suggestedRefund ?? order.refundable;
  const way = refundTimelineOf(order.payment?.paymentMethod);
  return (
    <ConfirmButton
      label={ACTION_LABELS.refund}
      title={`Refund ${formatINR(amount)}?`}
      message={
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-ink">
          <dt className="text-muted">Goes to</dt>
          <dd>
            {order.payment ? methodLabel(order.payment.paymentMethod) : 'The payment'}: back to{' '}
            {way.where.replace(/^your /, "the shopper's ")}, through Razorpay
          </dd>
          {order.payment?.razorpay_id && (
            <>
              <dt className="text-muted">Payment</dt>
              <dd className="break-all font-mono text-xs leading-5">{order.payment.razorpay_id}</dd>
            </>
          )}
          <dt className="text-muted">Refundable</dt>
          <dd className="tabular-nums">
            {formatINR(order.refundable)}
            {order.payment && order.refundable !== order.payment.amount && (
              <span className="text-muted"> of {formatINR(order.payment.amount)} paid</span>
            )}
          </dd>
        </dl>
      }
      confirmLabel="Send refund"
      fields={{ intent: 'refund' }}
    >
      <div className="mt-4">
        <TextField
          label="Amount (₹)"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          required
          defaultValue={paiseToDecimal(amount)}
          hint={`At most ${formatINR(order.refundable)}. Lower it for a part refund.`}
        />
      </div>
    </ConfirmButton>
  );
}

/**
 * A COD return's refund is sent by hand to the shopper's UPI ID (issue 41): the owner sends it from the shop's UPI app,
 * then records it here with its UPI transaction reference; nothing goes through Razorpay.
 */
function CodRefundMove({ order, upiId }: { order: AdminOrderDetail; upiId: string | null }) {
  const amount = order.suggestedRefund ?? order.refundable;
  return (
    <ConfirmButton
      label="Record refund sent"
      title={`Refund ${formatINR(amount)} by UPI`}
      message={
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-ink">
          <dt className="text-muted">Send to</dt>
          <dd className="break-all font-mono text-sm">{upiId ?? 'No UPI ID given'}</dd>
          <dt className="text-muted">Refundable</dt>
          <dd className="tabular-nums">
            {formatINR(order.refundable)}
            {order.payment && <span className="text-muted"> of {formatINR(order.payment.amount)} collected in cash</span>}
          </dd>
        </dl>
      }
      confirmLabel="Record refund"
      fields={{ intent: 'refund' }}
    >
      <div className="mt-4 space-y-4">
        <p className="text-sm text-muted">Send the money from the shop&apos;s UPI app first, then record it here. The shopper is told.</p>
        <TextField
          label="Amount (₹)"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          required
          defaultValue={paiseToDecimal(amount)}
          hint={`At most ${formatINR(order.refundable)}.`}
        />
        <TextField
          label="UPI transaction reference"
          name="reference"
          autoComplete="off"
          required
          minLength={6}
          maxLength={35}
          hint="The 12-digit UTR your UPI app shows for the transfer."
        />
      </div>
    </ConfirmButton>
  );
}

/** Mark delivered on a COD order asks for the cash the courier collected, filled in with what is due (issue 41). */
function CodDeliverMove({ amountDue }: { amountDue: number }) {
  return (
    <ConfirmButton
      label={ACTION_LABELS.deliver}
      title="Cash collected?"
      message={`${formatINR(amountDue)} is due at the door. Enter the cash the courier collected: the order is paid with it.`}
      confirmLabel="Mark delivered"
      fields={{ intent: 'deliver' }}
    >
      <div className="mt-4">
        <TextField
          label="Cash collected (₹)"
          name="cashCollected"
          inputMode="decimal"
          autoComplete="off"
          required
          defaultValue={paiseToDecimal(amountDue)}
          hint={`Exactly ${formatINR(amountDue)}.`}
        />
      </div>
    </ConfirmButton>
  );
}

/**
 * The approved return's parcel, checked (issue 40): per line the pieces put back on sale and those written off
 * (damaged); a plain form to the page's action, so it works without scripts. Nothing is restocked before this.
 */
function ReceiveReturn({ order }: { order: AdminOrderDetail }) {
  const fetcher = useFetcher();
  useAnswerToast(fetcher.data, { failures: true });
  const lines = returnedPieces(order);
  return (
    <section aria-labelledby="receive-title" className={card}>
      <h2 id="receive-title" className="text-lg font-semibold">
        Receive return
      </h2>
      <p className="mt-1 text-sm text-muted">
        Check each piece as it arrives. Pieces in good condition go back on sale; damaged ones are written off. The shopper is told, and the
        refund follows.
      </p>
      <fetcher.Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="receiveReturn" />
        <Enhanced />
        <ul className="divide-y divide-line">
          {lines.map(({ item, pieces }) => (
            <li key={item.itemId} className="py-3 first:pt-0">
              <fieldset>
                <legend className="text-sm font-semibold">
                  {item.productName}
                  {variantText(item) && <span className="font-normal text-muted"> ({variantText(item)})</span>}
                  <span className="font-normal text-muted">
                    {' · '}
                    {pieces} {pieces === 1 ? 'piece' : 'pieces'} approved
                  </span>
                </legend>
                <div className="mt-2 grid grid-cols-2 gap-3 sm:max-w-md">
                  <TextField
                    label="Back on sale"
                    id={`restock-${item.itemId}`}
                    name={`restock.${item.itemId}`}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={pieces}
                    defaultValue={pieces}
                  />
                  <TextField
                    label="Damaged, written off"
                    id={`writeoff-${item.itemId}`}
                    name={`writeOff.${item.itemId}`}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={pieces}
                    defaultValue={0}
                  />
                </div>
              </fieldset>
            </li>
          ))}
        </ul>
        <button type="submit" className="btn btn-primary mt-4" disabled={fetcher.state !== 'idle'}>
          {fetcher.state !== 'idle' ? 'Working...' : 'Receive return'}
        </button>
      </fetcher.Form>
    </section>
  );
}

/** The courier and tracking number 'Mark shipped' needs, a cancel's or a refused return's reason; the rest are one button. */
function OrderMove({ action, order }: { action: AdminOrderAction; order?: AdminOrderDetail }) {
  if (action === 'refund' && order?.cod) return <CodRefundMove order={order} upiId={order.cod.upiId} />;
  if (action === 'refund' && order) return <RefundMove order={order} />;
  if (action === 'deliver' && order?.cod) return <CodDeliverMove amountDue={order.cod.amountDue} />;
  if (action === 'returnToOrigin')
    return (
      <ConfirmButton
        label={ACTION_LABELS.returnToOrigin}
        title="Returned to origin?"
        message={
          order?.cod
            ? 'The parcel came back: refused at the door or undeliverable. Its pieces go back on sale; nothing is due from the shopper. She is told.'
            : 'The parcel came back: refused at the door or undeliverable. Its pieces go back on sale, and the payment can be refunded next. The shopper is told.'
        }
        confirmLabel="Returned to origin"
        fields={{ intent: 'returnToOrigin' }}
        tone="danger"
      />
    );
  if (action === 'ship')
    return (
      <ConfirmButton
        label={ACTION_LABELS.ship}
        title="Mark shipped"
        message="The shopper is told the courier and tracking number."
        confirmLabel="Mark shipped"
        fields={{ intent: 'ship' }}
      >
        <div className="mt-4 space-y-4">
          <TextField label="Courier" name="courier" required maxLength={80} autoComplete="off" />
          <TextField label="Tracking number" name="trackingNumber" required maxLength={80} autoComplete="off" />
        </div>
      </ConfirmButton>
    );
  if (action === 'cancel')
    return (
      <ConfirmButton
        label={ACTION_LABELS.cancel}
        title="Cancel this order?"
        message="The stock goes back, and a paid order is refunded in full through Razorpay. The shopper is told."
        confirmLabel="Cancel order"
        fields={{ intent: 'cancel' }}
        tone="danger"
      >
        <div className="mt-4">
          <ReasonField />
        </div>
      </ConfirmButton>
    );
  if (action === 'rejectReturn')
    return (
      <ConfirmButton
        label={ACTION_LABELS.rejectReturn}
        title="Reject the return?"
        message="The order goes back to delivered; the shopper reads your reason."
        confirmLabel="Reject return"
        fields={{ intent: 'rejectReturn' }}
        tone="danger"
      >
        <div className="mt-4">
          <ReasonField />
        </div>
      </ConfirmButton>
    );
  return <OrderButton action={action} />;
}

/**
 * What the shopper's return asks for: the reason in words, her notes, the pieces of each line coming back with the
 * reason asked for them (every piece for a return made before per-item returns) and the photos she sent, each
 * opening full size (only the shop's own, the server answers no others).
 */
function ReturnRequest({ order }: { order: AdminOrderDetail }) {
  if (!order.returnReason) return null;
  const lines = returnedPieces(order);
  return (
    <section aria-labelledby="return-title" className={card}>
      <h2 id="return-title" className="mb-2 text-lg font-semibold">
        Return
      </h2>
      <p className="text-sm">
        <span className="text-muted">Reason: </span>
        {returnReasonLabel(order.returnReason)}
      </p>
      {order.returnNote && <p className="mt-1 whitespace-pre-line text-sm break-words">“{order.returnNote}”</p>}
      {order.cod?.upiId && (
        <p className="mt-1 text-sm">
          <span className="text-muted">Refund to UPI ID: </span>
          <span className="break-all font-mono">{order.cod.upiId}</span>
        </p>
      )}
      {order.returnReceivedAt && (
        <p className="mt-1 text-sm">
          <span className="text-muted">Received: </span>
          {formatDateTime(order.returnReceivedAt)}
        </p>
      )}
      <ul className="mt-3 space-y-1 text-sm" aria-label="Pieces coming back">
        {lines.map(({ item, pieces, reason }) => (
          <li key={item.itemId}>
            <span className="font-semibold tabular-nums">
              {pieces} of {item.quantity} {item.quantity === 1 ? 'piece' : 'pieces'}
            </span>
            {' · '}
            {item.productName}
            {variantText(item) && <span className="text-muted"> ({variantText(item)})</span>}
            {reason && reason !== order.returnReason && <span className="text-muted"> · {returnReasonLabel(reason)}</span>}
            <ReceiptText receipt={order.returnReceipt.find((line) => line.itemId === item.itemId)} />
          </li>
        ))}
      </ul>
      {order.returnPhotos.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Photos sent with the return">
          {order.returnPhotos.map((url, index) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noopener" className="block rounded-lg focus-visible:outline-2">
                <img
                  src={url}
                  alt={`Return photo ${index + 1} of ${order.returnPhotos.length}`}
                  loading="lazy"
                  decoding="async"
                  className="h-20 w-20 rounded-lg border border-line bg-sand object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** What the receipt did with a line's pieces: ' · 1 back on sale, 1 written off'. */
function ReceiptText({ receipt }: { receipt: AdminOrderDetail['returnReceipt'][number] | undefined }) {
  if (!receipt) return null;
  const parts = [
    receipt.restocked > 0 && `${receipt.restocked} back on sale`,
    receipt.writtenOff > 0 && `${receipt.writtenOff} written off`,
  ];
  return <span className="text-muted"> · {parts.filter(Boolean).join(', ') || 'none arrived'}</span>;
}

/**
 * The order's refunds, each with where it stands (issue 38): processed, at Razorpay, refused and sent again by the
 * refund job, or waiting for the owner, with what Razorpay said; and, for owners, Retry refund when one did not go
 * through (a form to the page's action, like the other moves).
 */
function Refunds({ order, isOwner }: { order: AdminOrderDetail; isOwner: boolean }) {
  if (order.refunds.length === 0) return null;
  return (
    <div className="mt-3 border-t border-line pt-3">
      <h3 className="text-sm font-semibold">Refunds</h3>
      <ul className="mt-1 space-y-2 text-sm">
        {order.refunds.map((refund) => (
          <li key={refund._id}>
            <p>
              <span className="font-semibold tabular-nums">{rupeesCompact(refund.amount)}</span> · {formatDateTime(refund.createdAt)}
            </p>
            <p className={refund.state === 'processed' ? 'text-muted' : refund.canRetry ? 'font-semibold text-[#8a2c0d]' : ''}>
              {refund.reference ? `Sent by UPI · reference ${refund.reference}` : refundStateText(refund)}
            </p>
            {refund.lastError && refund.state !== 'processed' && <p className="break-words text-muted">Razorpay: {refund.lastError}</p>}
          </li>
        ))}
      </ul>
      {isOwner && hasRefundToRetry(order) && (
        <div className="mt-3">
          <OrderMove action="retryRefund" />
        </div>
      )}
    </div>
  );
}

/** The packing slip, at the end of the body: printed alone (see the print rules in app.css), never shown on screen. */
function PackingSlip({ order }: { order: AdminOrderDetail }) {
  if (!useHydrated()) return null;
  return createPortal(
    <div className="packing-slip bg-white p-2 text-ink">
      <h1 className="text-2xl font-semibold">Packing slip</h1>
      <p className="mt-1 text-sm">
        {order.orderNumber} · {formatDateTime(order.createdAt)}
      </p>
      <div className="mt-4 text-sm">
        <p className="font-semibold">Ship to</p>
        <p>{order.address.name}</p>
        <p>{order.address.street}</p>
        <p>
          {cityAndDistrict(order.address)}, {order.address.state} {order.address.pincode}
        </p>
        <p>Phone {order.address.phone}</p>
      </div>
      <table className="mt-4 w-full border-collapse text-left text-sm">
        <thead>
          <tr className="border-b border-ink">
            <th className="py-1">Item</th>
            <th className="py-1">Variant</th>
            <th className="py-1 text-right">Qty</th>
            <th className="py-1 text-center">Packed</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={`${item._id}-${item.variantId}`} className="border-b border-line">
              <td className="py-1.5">{item.productName}</td>
              <td className="py-1.5">{variantText(item) || '-'}</td>
              <td className="py-1.5 text-right">{item.quantity}</td>
              <td className="py-1.5 text-center">☐</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-4 text-sm">Items: {order.items.reduce((sum, item) => sum + item.quantity, 0)}</p>
    </div>,
    document.body,
  );
}

/**
 * One order for the back-office: items, address, payment, refunds, timeline, and the moves its status allows (those
 * that send money back only for owners). Each move is a form to the page's action.
 */
export function OrderDetailView({
  order,
  isOwner,
  ordersHref,
  invoiceHref,
  creditNoteHref,
  couriers = null,
  couriersFailure = null,
}: {
  order: AdminOrderDetail;
  isOwner: boolean;
  /** The couriers to the order's pincode, for a paid order the shop books (issue 42); the reason when unlisted. */
  couriers?: CourierOptions | null;
  couriersFailure?: string | null;
  ordersHref: string;
  /** The order's printable tax invoice, once it is paid. */
  invoiceHref: string | null;
  /** The credit note of a paid order cancelled or refunded since. */
  creditNoteHref: string | null;
}) {
  const actions = pageActionsFor(order).filter((action) => isOwner || !OWNER_ACTIONS.includes(action));
  const receiving = order.status === 'returned' && !order.returnReceivedAt;
  const business = businessBuyerOfDocument(order);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm text-muted">
            <Link to={ordersHref} className="hover:text-wine-700">
              Orders
            </Link>{' '}
            / {order.orderNumber}
          </p>
          <h1 className="flex flex-wrap items-center gap-3 text-2xl font-semibold sm:text-3xl">
            {order.orderNumber} <StatusChip status={order.status} partlyRefunded={isPartlyRefunded(order)} />
          </h1>
          <p className="text-sm text-muted">
            Placed {formatDateTime(order.createdAt)}
            {order.invoiceNumber && (
              <>
                {' · '}Tax invoice <span className="font-mono">{order.invoiceNumber}</span>
              </>
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {invoiceHref && (
            <PrintLink path={invoiceHref} icon={FileText}>
              Tax invoice
            </PrintLink>
          )}
          {creditNoteHref && (
            <PrintLink path={creditNoteHref} icon={FileText}>
              Credit note
            </PrintLink>
          )}
          <button type="button" className="btn btn-outline" onClick={() => window.print()}>
            <Printer aria-hidden="true" className="h-4 w-4" />
            Packing slip
          </button>
        </div>
      </div>

      {actions.length > 0 && (
        <div className={`${card} flex flex-wrap gap-2`} role="group" aria-label="Order actions">
          {actions.map((action) => (
            <OrderMove key={action} action={action} order={order} />
          ))}
        </div>
      )}
      {receiving && <ReceiveReturn order={order} />}

      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="space-y-5">
          <section aria-labelledby="items-title" className={card}>
            <h2 id="items-title" className="mb-3 text-xl font-semibold">
              Items
            </h2>
            {/* OrderItemRow is the list item itself: a wrapping <li> made one list item inside another. */}
            <ul className="divide-y divide-line">
              {order.items.map((item) => (
                <OrderItemRow key={`${item._id}-${item.variantId}`} item={item} showDescription={false} />
              ))}
            </ul>
            <div className="mt-3 border-t border-line pt-3">
              <OrderTotals order={order} />
            </div>
          </section>
          <ReturnRequest order={order} />
        </div>

        <div className="space-y-5">
          <ShipmentSection order={order} couriers={couriers} couriersFailure={couriersFailure} />
          <DeliveryAttemptsSection order={order} />
          <ReturnPickupSection order={order} />
          <section aria-labelledby="customer-title" className={card}>
            <h2 id="customer-title" className="mb-2 text-lg font-semibold">
              Customer and address
            </h2>
            <p className="text-sm font-semibold">{order.customer.name}</p>
            <p className="text-sm text-muted">{order.customer.email}</p>
            {business && <BuyerGstin business={business} className="mt-3 text-sm" />}
            <address className="mt-3 text-sm not-italic">
              {order.address.name}
              <br />
              {order.address.street}
              <br />
              {cityAndDistrict(order.address)}
              <br />
              {order.address.state} {order.address.pincode}
              <br />
              Phone {order.address.phone}
            </address>
            {order.courier && (
              <p className="mt-3 text-sm">
                Shipped with <strong>{order.courier}</strong>, tracking <strong>{order.trackingNumber}</strong>
              </p>
            )}
          </section>

          <section aria-labelledby="payment-title" className={card}>
            <h2 id="payment-title" className="mb-2 text-lg font-semibold">
              Payment
            </h2>
            {order.cod?.cashCollected != null && order.payment ? (
              <dl className="grid grid-cols-2 gap-y-1 text-sm">
                <dt className="text-muted">Cash collected</dt>
                <dd className="tabular-nums">{rupeesCompact(order.cod.cashCollected)}</dd>
                <dt className="text-muted">Method</dt>
                <dd>Cash on delivery</dd>
                <dt className="text-muted">Status</dt>
                <dd>{orderPaymentLabel(order)}</dd>
                <dt className="text-muted">Collected</dt>
                <dd>{order.cod.collectedAt ? formatDateTime(order.cod.collectedAt) : '-'}</dd>
              </dl>
            ) : order.paymentMethod === 'cod' && !order.payment ? (
              <div className="grid gap-1 text-sm">
                {order.status === 'returned_to_origin' || order.status === 'cancelled' ? (
                  <p>Cash on delivery · nothing was collected.</p>
                ) : (
                  <CodLine order={order} />
                )}
                {order.codFee > 0 && <p className="text-muted">Includes the cash-on-delivery fee of {rupeesCompact(order.codFee)}.</p>}
                {order.status === 'awaiting_confirmation' && (
                  <p className="text-muted">Waiting for the shopper to confirm it with the code e-mailed to her.</p>
                )}
              </div>
            ) : order.payment ? (
              <dl className="grid grid-cols-2 gap-y-1 text-sm">
                <dt className="text-muted">Amount</dt>
                <dd className="tabular-nums">{rupeesCompact(order.payment.amount)}</dd>
                <dt className="text-muted">Method</dt>
                <dd>{methodLabel(order.payment.paymentMethod)}</dd>
                <dt className="text-muted">Status</dt>
                <dd>{orderPaymentLabel(order)}</dd>
                <dt className="text-muted">Razorpay</dt>
                <dd className="truncate font-mono text-xs leading-5">{order.payment.razorpay_id ?? order.payment.razorpay_order_id}</dd>
              </dl>
            ) : (
              <p className="text-sm text-muted">Not paid.</p>
            )}
            <Refunds order={order} isOwner={isOwner} />
            {order.cancelReason && <p className="mt-3 text-sm">Cancelled: {order.cancelReason}</p>}
          </section>

          <section aria-labelledby="timeline-title" className={card}>
            <h2 id="timeline-title" className="mb-2 text-lg font-semibold">
              Timeline
            </h2>
            <ol className="space-y-3 border-l-2 border-line pl-4">
              {order.events.map((event, index) => (
                <li key={`${event.at}-${index}`} className="text-sm">
                  <p className="font-semibold">{ORDER_STATUS_LABELS[event.status]}</p>
                  <p className="text-xs text-muted">
                    {formatDateTime(event.at)} · {eventActorText(event)}
                  </p>
                  {event.note && <p className="text-muted">{event.note}</p>}
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>
      <PackingSlip order={order} />
    </div>
  );
}

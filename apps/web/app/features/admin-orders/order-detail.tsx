import { ORDER_STATUS_LABELS, type AdminOrderDetail } from '@shop/core';
import { Printer } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { toast } from '../../lib/toast';
import { TextAreaField, TextField } from '../../components/form-field';
import { errorMessage } from '../../lib/api-client';
import { Modal } from '../../components/modal';
import { useLoad } from '../../lib/use-load';
import { formatDateTime, methodLabel, paymentStatusLabel, rupees } from '../../lib/order-format';
import { OrderItemRow, OrderTotals, variantText } from '../../components/order-items';
import { StatusChip } from '../../components/status-chip';
import { approveReturn, cancelOrder, getOrder, refundOrder, rejectReturn, updateOrderStatus } from './api';
import { ACTION_DONE, ACTION_LABELS, actionsFor, type AdminOrderAction } from './order-actions';

const card = 'rounded-2xl border border-line bg-white p-4 sm:p-6';

/** The courier and tracking number that 'Mark shipped' needs, or the reason a cancel or rejection gives. */
function ActionForm({
  action,
  busy,
  onSubmit,
  onClose,
}: {
  action: 'ship' | 'cancel' | 'rejectReturn';
  busy: boolean;
  onSubmit: (values: { courier: string; trackingNumber: string; reason: string }) => void;
  onClose: () => void;
}) {
  const [values, setValues] = useState({ courier: '', trackingNumber: '', reason: '' });
  const [error, setError] = useState('');
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (action === 'ship' && (!values.courier.trim() || !values.trackingNumber.trim()))
      return setError('Courier and tracking number are required.');
    if (action !== 'ship' && !values.reason.trim()) return setError('Please give a reason.');
    setError('');
    onSubmit(values);
  }
  const title = action === 'ship' ? 'Mark shipped' : action === 'cancel' ? 'Cancel this order?' : 'Reject the return?';
  return (
    <Modal title={title} onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {action === 'ship' ? (
          <>
            <TextField
              label="Courier"
              name="courier"
              required
              maxLength={80}
              value={values.courier}
              onChange={set('courier')}
              autoComplete="off"
            />
            <TextField
              label="Tracking number"
              name="trackingNumber"
              required
              maxLength={80}
              value={values.trackingNumber}
              onChange={set('trackingNumber')}
              autoComplete="off"
            />
          </>
        ) : (
          <>
            <p className="text-sm text-muted">
              {action === 'cancel'
                ? 'The stock goes back, and a paid order is refunded in full through Razorpay. The shopper is told.'
                : 'The order goes back to delivered; the shopper reads your reason.'}
            </p>
            <TextAreaField label="Reason" name="reason" required rows={3} maxLength={500} value={values.reason} onChange={set('reason')} />
          </>
        )}
        {error && (
          <p role="alert" className="text-sm font-medium text-wine-700">
            {error}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-outline" onClick={onClose}>
            Back
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Working...' : action === 'ship' ? 'Mark shipped' : action === 'cancel' ? 'Cancel order' : 'Reject return'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** The packing slip, at the end of the body: printed alone (see the print rules in app.css), never shown on screen. */
function PackingSlip({ order }: { order: AdminOrderDetail }) {
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
          {order.address.city}, {order.address.district}, {order.address.state} {order.address.pincode}
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

/** One order for the back-office: items, address, payment, refunds, timeline, and the moves its status allows. */
export function OrderDetailView({ orderId }: { orderId: string }) {
  const { data: order, error, replace } = useLoad(getOrder, orderId);
  const [form, setForm] = useState<'ship' | 'cancel' | 'rejectReturn' | null>(null);
  const [busy, setBusy] = useState(false);

  if (!order) {
    return error ? (
      <p role="alert" className="rounded-xl bg-wine-50 p-4 text-wine-700">
        {error}
      </p>
    ) : (
      <p className="py-16 text-center text-muted">Loading...</p>
    );
  }

  async function run(action: AdminOrderAction, values = { courier: '', trackingNumber: '', reason: '' }) {
    if (!order) return;
    setBusy(true);
    try {
      const calls: Record<AdminOrderAction, () => Promise<AdminOrderDetail>> = {
        pack: () => updateOrderStatus(order._id, { status: 'packed' }),
        ship: () => updateOrderStatus(order._id, { status: 'shipped', courier: values.courier, trackingNumber: values.trackingNumber }),
        deliver: () => updateOrderStatus(order._id, { status: 'delivered' }),
        cancel: () => cancelOrder(order._id, values.reason),
        approveReturn: () => approveReturn(order._id),
        rejectReturn: () => rejectReturn(order._id, values.reason),
        refund: () => refundOrder(order._id),
      };
      replace(await calls[action]());
      toast.success(ACTION_DONE[action]);
      setForm(null);
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  const actions = actionsFor(order.status);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm text-muted">
            <Link to="/admin/orders" className="hover:text-wine-700">
              Orders
            </Link>{' '}
            / {order.orderNumber}
          </p>
          <h1 className="flex flex-wrap items-center gap-3 text-2xl font-semibold sm:text-3xl">
            {order.orderNumber} <StatusChip status={order.status} />
          </h1>
          <p className="text-sm text-muted">Placed {formatDateTime(order.createdAt)}</p>
        </div>
        <button type="button" className="btn btn-outline" onClick={() => window.print()}>
          <Printer aria-hidden="true" className="h-4 w-4" />
          Packing slip
        </button>
      </div>

      {actions.length > 0 && (
        <div className={`${card} flex flex-wrap gap-2`} role="group" aria-label="Order actions">
          {actions.map((action) => (
            <button
              key={action}
              type="button"
              disabled={busy}
              className={action === 'cancel' || action === 'rejectReturn' ? 'btn btn-outline' : 'btn btn-primary'}
              onClick={() => (action === 'ship' || action === 'cancel' || action === 'rejectReturn' ? setForm(action) : void run(action))}
            >
              {ACTION_LABELS[action]}
            </button>
          ))}
        </div>
      )}

      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="items-title" className={card}>
          <h2 id="items-title" className="mb-3 text-xl font-semibold">
            Items
          </h2>
          <ul className="divide-y divide-line">
            {order.items.map((item) => (
              <li key={`${item._id}-${item.variantId}`} className="py-3">
                <OrderItemRow item={item} showDescription={false} />
              </li>
            ))}
          </ul>
          <div className="mt-3 border-t border-line pt-3">
            <OrderTotals order={order} />
          </div>
        </section>

        <div className="space-y-5">
          <section aria-labelledby="customer-title" className={card}>
            <h2 id="customer-title" className="mb-2 text-lg font-semibold">
              Customer and address
            </h2>
            <p className="text-sm font-semibold">{order.customer.name}</p>
            <p className="text-sm text-muted">{order.customer.email}</p>
            <address className="mt-3 text-sm not-italic">
              {order.address.name}
              <br />
              {order.address.street}
              <br />
              {order.address.city}, {order.address.district}
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
            {order.payment ? (
              <dl className="grid grid-cols-2 gap-y-1 text-sm">
                <dt className="text-muted">Amount</dt>
                <dd className="tabular-nums">{rupees(order.payment.amount)}</dd>
                <dt className="text-muted">Method</dt>
                <dd>{methodLabel(order.payment.paymentMethod)}</dd>
                <dt className="text-muted">Status</dt>
                <dd>{paymentStatusLabel(order.payment.paymentStatus)}</dd>
                <dt className="text-muted">Razorpay</dt>
                <dd className="truncate font-mono text-xs leading-5">{order.payment.razorpay_id ?? order.payment.razorpay_order_id}</dd>
              </dl>
            ) : (
              <p className="text-sm text-muted">Not paid.</p>
            )}
            {order.refunds.length > 0 && (
              <ul className="mt-3 space-y-1 border-t border-line pt-3 text-sm">
                {order.refunds.map((refund) => (
                  <li key={refund._id}>
                    Refund {rupees(refund.amount)} · {refund.status} · {formatDateTime(refund.createdAt)}
                  </li>
                ))}
              </ul>
            )}
            {(order.cancelReason || order.returnReason) && (
              <p className="mt-3 text-sm">
                {order.cancelReason
                  ? `Cancelled: ${order.cancelReason}`
                  : `Return: ${order.returnReason}${order.returnNote ? ` — ${order.returnNote}` : ''}`}
              </p>
            )}
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
                    {formatDateTime(event.at)} · {event.actor}
                  </p>
                  {event.note && <p className="text-muted">{event.note}</p>}
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>
      {form && <ActionForm action={form} busy={busy} onClose={() => setForm(null)} onSubmit={(values) => void run(form, values)} />}
      <PackingSlip order={order} />
    </div>
  );
}

import { privatePageMeta } from '../lib/meta';
import { AppError, codPaymentLine, confirmCodSchema, rupeesCompact, type OrderDetail } from '@shop/core';
import { CircleCheck, Clock, MailCheck, Printer } from 'lucide-react';
import { Suspense } from 'react';
import { Await, Form, Link, redirect, useActionData, useNavigation, useRouteLoaderData } from 'react-router';
import { TextField } from '../components/form-field';
import { isFailure } from '../lib/failure';
import { validate } from '../lib/form';
import { formText } from '../lib/form-data';
import { postedForm } from '../lib/read-form.server';
import { actionCall, formFailure } from '../lib/service-call.server';
import { loginThenReturnTo, paths } from '../config/paths';
import { formatDateTime, methodLabel, paymentStatusLabel } from '../lib/order-format';
import { OrderItemRow, OrderTotals } from '../components/order-items';
import { openInvoiceWindow } from '../lib/invoice-window';
import { ReceiptHeader } from '../features/orders/receipt-header';
import { servicesOf, shopperOf } from '../context';
import type { RootLoaderData } from '../root';
import type { Route } from './+types/payment-success';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Payment Successful', matches);

/**
 * The verified order, read from the server for its owner by the id in the query string (DESIGN: never
 * from the query string itself). Not awaited: the page shows 'Loading payment details...' meanwhile.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const user = shopperOf(context);
  if (!user) throw redirect(loginThenReturnTo(`${url.pathname}${url.search}`));
  const orderId = url.searchParams.get('orderId') ?? '';
  const result: Promise<{ order: OrderDetail } | { error: string }> = servicesOf(context)
    .orders.getMine(user._id, orderId)
    .then(
      (order) => ({ order }),
      (error: unknown) => {
        if (error instanceof AppError) return { error: error.message };
        throw error;
      },
    );
  // The code from the mail's button fills the form; she confirms with a tap (a form post: a mail scanner that opens
  // the link confirms nothing).
  return { result, code: /^\d{6}$/.test(url.searchParams.get('code') ?? '') ? url.searchParams.get('code')! : '' };
}

/** Her code confirms her cash-on-delivery order (issue 41); a wrong or expired one comes back beside the field. */
export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const user = shopperOf(context);
  if (!user) throw redirect(loginThenReturnTo(`${url.pathname}${url.search}`));
  const orderId = url.searchParams.get('orderId') ?? '';
  const form = await postedForm(request);
  const otp = formText(form, 'otp');
  const checked = validate(confirmCodSchema, { otp });
  if (!checked.data) return formFailure(400, { error: null, fields: checked.errors }, { otp });
  return actionCall(
    servicesOf(context).orders.confirmCod(user._id, orderId, checked.data.otp),
    () => redirect(paths.paymentSuccess(orderId)),
    { otp },
  );
}

/** The code form of a COD order waiting for it, with the mail's code filled in when she came from its button. */
function ConfirmCodForm({ order, code }: { order: OrderDetail; code: string }) {
  const answer: unknown = useActionData();
  const refused = isFailure(answer) ? (answer as typeof answer & { otp?: string }) : null;
  const submitting = useNavigation().state === 'submitting';
  const error = refused?.fields.otp ?? refused?.error ?? undefined;
  return (
    <section aria-labelledby="confirm-cod" className="mt-6 rounded-2xl border border-wine-100 bg-white p-5 sm:p-6 print:hidden">
      <h2 id="confirm-cod" className="flex items-center gap-2 text-xl font-semibold">
        <MailCheck aria-hidden="true" className="h-5 w-5 text-wine-700" />
        Confirm your order
      </h2>
      <p className="mt-2 text-sm text-ink">
        We have e-mailed you a 6-digit code. Enter it here
        {order.reservedUntil ? ` by ${formatDateTime(order.reservedUntil)} IST` : ''}; an order not confirmed in time is cancelled.
      </p>
      <Form method="post" className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="sm:w-56">
          <TextField
            label="Code from the e-mail"
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            defaultValue={refused?.otp ?? code}
            error={error}
          />
        </div>
        <button type="submit" className="btn btn-primary sm:mt-7" aria-disabled={submitting}>
          {submitting ? 'Confirming...' : 'Confirm order'}
        </button>
      </Form>
    </section>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold uppercase tracking-[0.1em] text-muted">{label}</dt>
      <dd className="mt-0.5 break-words font-medium">{children}</dd>
    </div>
  );
}

function Receipt({ order, code }: { order: OrderDetail; code: string }) {
  const settings = useRouteLoaderData<RootLoaderData>('root')?.settings;
  const { payment } = order;
  const cod = order.paymentMethod === 'cod';
  const paid = payment !== null && (payment.paymentStatus === 'captured' || payment.paymentStatus === 'refunded');
  // Spec §2.9: one entry per product of the payment record; an item the order no longer has is 'Product not found'.
  const entries = (payment?.products ?? order.items.map((item) => ({ productId: item._id, variantId: item.variantId }))).map((entry) => ({
    entry,
    item: order.items.find((item) => item._id === entry.productId && item.variantId === entry.variantId) ?? null,
  }));

  return (
    <>
      {settings && <ReceiptHeader settings={settings} title={`${cod ? 'Order' : 'Payment receipt'} · ${order.orderNumber}`} />}
      {cod ? (
        <CodBanner order={order} />
      ) : paid ? (
        <div role="alert" className="flex items-start gap-3 rounded-2xl border border-[#bfe3cd] bg-[#e3f4ea] px-5 py-4 text-[#1a6b3c]">
          <CircleCheck aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0" />
          <div>
            <h1 className="font-sans text-lg font-semibold text-inherit">Payment Successful</h1>
            <p className="text-sm text-ink">Thank you! Your order {order.orderNumber} is placed. We have sent the details to your email.</p>
          </div>
        </div>
      ) : (
        <div role="status" className="flex items-start gap-3 rounded-2xl border border-[#f0d9a8] bg-[#fdf1dc] px-5 py-4 text-[#7a4a05]">
          <Clock aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0" />
          <div>
            <h1 className="font-sans text-lg font-semibold text-inherit">We are waiting for your payment</h1>
            <p className="text-sm text-ink">
              Order {order.orderNumber} is not paid yet. If money was taken, this page will show it within minutes.
            </p>
          </div>
        </div>
      )}

      {cod && order.status === 'awaiting_confirmation' && <ConfirmCodForm order={order} code={code} />}

      <section
        aria-labelledby="payment-details"
        className="mt-6 rounded-2xl border border-line bg-white p-5 sm:p-6 print:border-0 print:p-0"
      >
        <h2 id="payment-details" className="text-xl font-semibold">
          Payment details
        </h2>
        <dl className="mt-4 grid grid-cols-1 gap-4 text-sm min-[420px]:grid-cols-2 lg:grid-cols-3">
          {cod ? (
            <>
              <Field label="Method">Cash on delivery</Field>
              <Field label="To pay at the door">{rupeesCompact(order.total)}</Field>
              <Field label="COD fee">{rupeesCompact(order.codFee)}</Field>
              <Field label="Date">{formatDateTime(order.createdAt)}</Field>
            </>
          ) : (
            <>
              <Field label="Amount">{rupeesCompact(payment?.amount ?? order.total)}</Field>
              <Field label="Method">{payment ? methodLabel(payment.paymentMethod) : 'Online'}</Field>
              <Field label="Status">{payment ? paymentStatusLabel(payment.paymentStatus) : 'Not paid'}</Field>
              <Field label="Date">{payment?.paymentDate ? formatDateTime(payment.paymentDate) : formatDateTime(order.createdAt)}</Field>
              <Field label="Payment id">
                <span className="font-mono text-[0.8rem]">{payment?.razorpay_id ?? '—'}</span>
              </Field>
              <Field label="Razorpay order id">
                <span className="font-mono text-[0.8rem]">{payment?.razorpay_order_id ?? '—'}</span>
              </Field>
            </>
          )}
          <Field label="Order number">{order.orderNumber}</Field>
        </dl>
      </section>

      <section
        aria-labelledby="order-products"
        className="mt-6 rounded-2xl border border-line bg-white p-5 sm:p-6 print:border-0 print:p-0"
      >
        <h2 id="order-products" className="text-xl font-semibold">
          Products
        </h2>
        <ul className="mt-4 divide-y divide-line">
          {entries.map(({ entry, item }) =>
            item ? (
              <OrderItemRow key={`${entry.productId}:${entry.variantId ?? ''}`} item={item} />
            ) : (
              <li key={`${entry.productId}:${entry.variantId ?? ''}`} className="py-4 text-sm text-muted">
                Product not found
              </li>
            ),
          )}
        </ul>
        <div className="mt-5 border-t border-line pt-4 sm:ml-auto sm:max-w-xs">
          <OrderTotals order={order} />
        </div>
      </section>

      <div className="mt-6 flex flex-col gap-3 sm:flex-row print:hidden">
        <Link to={paths.userOrders} className="btn btn-primary">
          Go to My Orders
        </Link>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => (order.payment ? openInvoiceWindow(paths.orderInvoice(order._id)) : window.print())}
        >
          <Printer aria-hidden="true" className="h-4 w-4" />
          Print Receipt
        </button>
      </div>
    </>
  );
}

/** A COD order's state: waiting for her code, confirmed (to pay at the door), or cancelled unconfirmed. */
function CodBanner({ order }: { order: OrderDetail }) {
  if (order.status === 'awaiting_confirmation') {
    return (
      <div role="status" className="flex items-start gap-3 rounded-2xl border border-[#f0d9a8] bg-[#fdf1dc] px-5 py-4 text-[#7a4a05]">
        <Clock aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0" />
        <div>
          <h1 className="font-sans text-lg font-semibold text-inherit">Order placed: confirm it with the code</h1>
          <p className="text-sm text-ink">
            Order {order.orderNumber} · {codPaymentLine(order.total)}.
          </p>
        </div>
      </div>
    );
  }
  if (order.status === 'cancelled') {
    return (
      <div role="alert" className="rounded-2xl border border-wine-100 bg-wine-50 px-5 py-4 text-wine-700">
        <h1 className="font-sans text-lg font-semibold text-inherit">Order {order.orderNumber} is cancelled</h1>
        <p className="text-sm text-ink">{order.cancelReason ?? 'It was not confirmed.'}</p>
      </div>
    );
  }
  return (
    <div role="alert" className="flex items-start gap-3 rounded-2xl border border-[#bfe3cd] bg-[#e3f4ea] px-5 py-4 text-[#1a6b3c]">
      <CircleCheck aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0" />
      <div>
        <h1 className="font-sans text-lg font-semibold text-inherit">Order Confirmed</h1>
        <p className="text-sm text-ink">
          Thank you! Your order {order.orderNumber} is confirmed: {codPaymentLine(order.total)}. We have sent the details to your email.
        </p>
      </div>
    </div>
  );
}

/** Spec §2.9, from the server: the payment, the order and its products, with 'Go to My Orders' and 'Print Receipt'. */
export default function PaymentSuccessPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:py-12 print:max-w-none print:p-0">
      <Suspense
        fallback={
          <p role="status" className="text-muted">
            Loading payment details...
          </p>
        }
      >
        <Await resolve={loaderData.result}>
          {(result) =>
            'error' in result ? (
              <div className="rounded-2xl border border-dashed border-line bg-white px-6 py-12 text-center">
                <h1 className="sr-only">Payment</h1>
                <p role="alert" className="font-semibold">
                  {result.error}
                </p>
                <Link to={paths.userOrders} className="btn btn-primary mt-6">
                  Go to My Orders
                </Link>
              </div>
            ) : (
              <Receipt order={result.order} code={loaderData.code} />
            )
          }
        </Await>
      </Suspense>
    </div>
  );
}

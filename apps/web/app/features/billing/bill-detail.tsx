import {
  BILL_PAYMENT_MODE_LABELS,
  businessBuyerOfDocument,
  describeBillPayments,
  formatINR,
  formatSignedINR,
  istDateTime,
  type Bill,
} from '@shop/core';
import { Link } from 'react-router';
import { BuyerGstin } from '../../components/buyer-gstin';
import { Chip } from '../../components/chip';
import { ConfirmButton } from '../../components/confirm-dialog';
import { TextAreaField } from '../../components/form-field';
import { refundedTotal, returnableItems } from './bill-returns';
import { billInvoicePath, creditNotePath } from './invoice-path';
import { PrintLink } from '../../components/print-link';
import { ReturnItemsForm } from './return-items-form';

const card = 'rounded-2xl border border-line bg-white p-4 sm:p-6';
const percent = (value: number) => `${Number.isInteger(value) ? value : value.toFixed(2).replace(/0$/, '')}%`;
const when = (iso: string) => <time dateTime={iso}>{istDateTime(new Date(iso))}</time>;

/** 'Void bill': an owner's, the day the bill was made, before any return; asks for the reason first. */
function VoidBillButton({ bill }: { bill: Bill }) {
  return (
    <ConfirmButton
      label="Void bill"
      title={`Void bill ${bill.invoiceNumber}?`}
      message="Its items go back to stock and it counts in no sales; its number stays in the series, marked void. This cannot be undone."
      confirmLabel="Void bill"
      fields={{ intent: 'void' }}
      tone="danger"
    >
      <div className="mt-4">
        <TextAreaField label="Reason for voiding" id="void-reason" name="reason" required rows={3} maxLength={300} />
      </div>
    </ConfirmButton>
  );
}

/** The lines as sold, with the pieces returned so far. */
function BillItems({ bill }: { bill: Bill }) {
  const anyReturned = bill.items.some((item) => item.returnedQuantity > 0);
  return (
    <section aria-labelledby="bill-items-title" className={card}>
      <h2 id="bill-items-title" className="mb-3 text-xl font-semibold">
        Items
      </h2>
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b border-line text-left text-muted">
            <th scope="col" className="py-2 pr-2 font-medium">
              Item
            </th>
            <th scope="col" className="py-2 pr-2 text-right font-medium">
              Sold
            </th>
            <th scope="col" className="py-2 pr-2 text-right font-medium">
              Returned
            </th>
            <th scope="col" className="hidden py-2 pr-2 text-right font-medium sm:table-cell">
              Price
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {bill.items.map((item) => (
            <tr key={item._id} className="border-b border-line align-top last:border-0">
              <td className="py-2 pr-2">
                <span className="block font-medium">{item.name}</span>
                <span className="block text-xs text-muted">
                  {[
                    item.sku,
                    item.hsnCode ? `HSN ${item.hsnCode}` : null,
                    `GST ${item.gstRate}%`,
                    item.discountAmount > 0 ? `less ${percent(item.discount)} (−${formatINR(item.discountAmount)})` : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </td>
              <td className="py-2 pr-2 text-right tabular-nums">{item.quantity}</td>
              <td
                className={`py-2 pr-2 text-right tabular-nums ${item.returnedQuantity > 0 ? 'font-semibold text-wine-700' : 'text-muted'}`}
              >
                {item.returnedQuantity}
              </td>
              <td className="hidden py-2 pr-2 text-right tabular-nums sm:table-cell">{formatINR(item.price)}</td>
              <td className="py-2 text-right tabular-nums">{formatINR(item.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {anyReturned && <p className="mt-2 text-xs text-muted">Returned pieces are back in stock; their refunds are in the credit notes.</p>}
    </section>
  );
}

/** Subtotal, discount and total as billed; what the credit notes refunded and what the bill keeps. */
function BillTotals({ bill }: { bill: Bill }) {
  const refunded = refundedTotal(bill);
  const isVoid = bill.status === 'void';
  return (
    <section aria-labelledby="bill-totals-title" className={card}>
      <h2 id="bill-totals-title" className="mb-2 text-lg font-semibold">
        Payment
      </h2>
      {/* No gap between the columns: the line above the total runs across both. */}
      <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm tabular-nums [&>dd]:pl-4">
        <dt className="text-muted">Subtotal</dt>
        <dd className="text-right">{formatINR(bill.subtotal)}</dd>
        {bill.lineDiscountAmount > 0 && (
          <>
            <dt className="text-muted">Item discounts</dt>
            <dd className="text-right">−{formatINR(bill.lineDiscountAmount)}</dd>
          </>
        )}
        <dt className="text-muted">Discount ({percent(bill.discount)})</dt>
        <dd className="text-right">−{formatINR(bill.percentDiscountAmount)}</dd>
        {bill.discountFlat > 0 && (
          <>
            <dt className="text-muted">Discount (₹)</dt>
            <dd className="text-right">−{formatINR(bill.discountFlat)}</dd>
          </>
        )}
        <dt className="text-muted">Round-off</dt>
        <dd className="text-right">{formatSignedINR(bill.roundOff)}</dd>
        <dt className="border-t border-line pt-1 font-semibold">Total</dt>
        <dd className={`border-t border-line pt-1 text-right font-semibold ${isVoid ? 'text-muted line-through' : ''}`}>
          {formatINR(bill.totalPrice)}
        </dd>
        {refunded > 0 && (
          <>
            <dt className="text-muted">Refunded</dt>
            <dd className="text-right text-wine-700">−{formatINR(refunded)}</dd>
            <dt className="font-semibold">Kept</dt>
            <dd className="text-right font-semibold">{formatINR(bill.totalPrice - refunded)}</dd>
          </>
        )}
      </dl>
      {bill.payments.length > 0 && <p className="mt-3 text-sm text-muted">Paid by {describeBillPayments(bill.payments)}</p>}
      <p className="mt-1 text-xs text-muted">Billed by {bill.createdBy}</p>
    </section>
  );
}

/** The credit notes of the bill's returns, oldest first, each with its printable page. */
function CreditNotes({ bill }: { bill: Bill }) {
  return (
    <section aria-labelledby="credit-notes-title" className={card}>
      <h2 id="credit-notes-title" className="mb-2 text-lg font-semibold">
        Credit notes
      </h2>
      {bill.creditNotes.length === 0 ? (
        <p className="text-sm text-muted">No returns yet.</p>
      ) : (
        <ul className="divide-y divide-line" aria-label="Credit notes of this bill">
          {bill.creditNotes.map((note) => (
            <li key={note._id} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 py-2 text-sm">
              <p className="font-mono font-semibold">{note.creditNoteNumber}</p>
              <p className="text-right font-semibold tabular-nums">−{formatINR(note.total)}</p>
              <p className="text-xs text-muted">{when(note.createdAt)}</p>
              <PrintLink
                path={creditNotePath(note._id)}
                label={`Print credit note ${note.creditNoteNumber}`}
                className="-mr-2 inline-flex min-h-11 items-center justify-end gap-1.5 rounded-full px-2 font-semibold text-wine-700 underline-offset-2 hover:underline"
              >
                Print
              </PrintLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * One counter bill for the back-office (issue 26): who, when and how it was paid; its items with the pieces
 * returned; its credit notes; the return form while anything is left to return; and, for an owner on the day it
 * was made with nothing returned yet, 'Void bill'. A void bill says when, by whom and why.
 */
export function BillDetail({
  bill,
  canVoid,
  billsHref,
  returns = { allowed: true, note: null },
}: {
  bill: Bill;
  canVoid: boolean;
  billsHref: string;
  /** Staff's counter-return limits (issue 40): not allowed, the note stands where the form would; owners, no note. */
  returns?: { allowed: boolean; note: string | null };
}) {
  const isVoid = bill.status === 'void';
  const business = businessBuyerOfDocument(bill);
  const returnable = returnableItems(bill);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
        <div className="min-w-0">
          <p className="text-sm text-muted">
            <Link to={billsHref} className="hover:text-wine-700">
              All Bills
            </Link>{' '}
            / {bill.invoiceNumber}
          </p>
          <h1 className="flex flex-wrap items-center gap-3 text-2xl font-semibold sm:text-3xl">
            <span className="break-all">{bill.invoiceNumber}</span>
            {isVoid && <Chip tone="bad">Void</Chip>}
          </h1>
          <p className="text-sm text-muted">
            {when(bill.createdAt)} · {bill.customerName || 'Unknown'}
            {bill.customerPhone && <> · {bill.customerPhone}</>}
          </p>
          {business && <BuyerGstin business={business} className="mt-1 text-sm" />}
        </div>
        <div className="sm:text-right">
          <p className={`text-2xl font-bold tabular-nums ${isVoid ? 'text-muted line-through' : ''}`} data-testid="bill-total">
            {formatINR(bill.totalPrice)}
          </p>
          {bill.payments.length > 0 && (
            <p className="text-sm text-muted">
              Paid by {bill.payments.map((payment) => BILL_PAYMENT_MODE_LABELS[payment.mode]).join(' + ')}
            </p>
          )}
        </div>
      </div>

      <div className="flex flex-wrap gap-2" role="group" aria-label="Bill actions">
        <PrintLink path={billInvoicePath(bill._id)}>Print invoice</PrintLink>
        {canVoid && <VoidBillButton bill={bill} />}
      </div>

      {isVoid && (
        <section aria-labelledby="void-title" className="rounded-2xl border border-wine-100 bg-wine-50 p-4 text-sm text-wine-800 sm:p-5">
          <h2 id="void-title" className="font-sans text-base font-semibold">
            This bill is void
          </h2>
          <p className="mt-1">
            Voided {bill.voidedAt ? when(bill.voidedAt) : ''}
            {bill.voidedBy && <> by {bill.voidedBy}</>}. Its items went back to stock and it counts in no sales.
          </p>
          {bill.voidReason && <p className="mt-1">Reason: {bill.voidReason}</p>}
        </section>
      )}

      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="space-y-5">
          <BillItems bill={bill} />
          {returnable.length > 0 &&
            (returns.allowed ? (
              <ReturnItemsForm bill={bill} items={returnable} note={returns.note} />
            ) : (
              <section aria-labelledby="return-title" className="rounded-2xl border border-line bg-white p-4 sm:p-6">
                <h2 id="return-title" className="text-xl font-semibold">
                  Return items
                </h2>
                <p className="mt-1 text-sm text-muted">{returns.note}</p>
              </section>
            ))}
        </div>
        <div className="space-y-5">
          <BillTotals bill={bill} />
          <CreditNotes bill={bill} />
        </div>
      </div>
    </div>
  );
}

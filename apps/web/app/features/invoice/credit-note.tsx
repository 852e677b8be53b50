import {
  BILL_PAYMENT_MODE_LABELS,
  businessBuyerOfDocument,
  formatINR,
  istDate,
  istDateTime,
  type CreditNote,
  type ShopSettings,
} from '@shop/core';
import type { InvoicePaper } from './invoice-model';
import { BusinessBuyerLines, GstTable, PrintControls, ShopLetterhead, useAutoPrint } from './tax-invoice';

/**
 * A credit note (CGST Act s. 34, issue 26) for goods returned at the counter, printed as the tax invoice is: the
 * shop's letterhead, its own number and date, the invoice it reduces and that invoice's date, the customer, the
 * returned lines with HSN, quantity, rate, taxable value and the refund, the GST taken back per rate (CGST + SGST,
 * or IGST), the total refunded, how and why. `autoPrint` opens the print dialog once the page has drawn.
 */
export function CreditNoteDocument({
  creditNote: note,
  settings,
  autoPrint,
  paper,
}: {
  creditNote: CreditNote;
  settings: ShopSettings;
  autoPrint: boolean;
  paper: InvoicePaper;
}) {
  useAutoPrint(autoPrint);
  const { gst } = note;
  // A business buyer is named by her business, as on the invoice the note reduces (issue 43).
  const business = businessBuyerOfDocument(note);
  const contact = [note.customerName, note.customerPhone].filter(Boolean).join(' · ');
  return (
    <article
      className="tax-invoice mx-auto max-w-3xl bg-white p-6 text-sm text-ink sm:p-8"
      data-paper={paper}
      aria-labelledby="credit-note-title"
    >
      <ShopLetterhead settings={settings}>
        <h1 id="credit-note-title" className="font-display text-xl font-semibold">
          Credit note
        </h1>
        <p>
          Credit note No. <strong className="font-mono">{note.creditNoteNumber}</strong>
        </p>
        <p>Date {istDateTime(new Date(note.createdAt))}</p>
        <p>
          Against invoice <strong className="font-mono">{note.invoiceNumber}</strong>{' '}
          <span className="block">dated {istDate(new Date(note.invoiceDate))}</span>
        </p>
        <p>
          Place of supply: {gst.placeOfSupply}
          {gst.interState ? ' (inter-state)' : ''}
        </p>
      </ShopLetterhead>

      <section aria-label="Customer" className="invoice-buyer border-b border-line py-3">
        {business ? (
          <>
            <BusinessBuyerLines business={business} label="Customer" />
            {contact && <p>{contact}</p>}
          </>
        ) : (
          <p>
            <span className="text-muted">Customer: </span>
            <strong>{note.customerName || 'Unknown'}</strong>
            {note.customerPhone && <> · {note.customerPhone}</>}
          </p>
        )}
      </section>

      {/* A phone scrolls the lines sideways rather than squeezing them; A4 and the 80 mm receipt fit. */}
      <div className="mt-3 overflow-x-auto">
        <table className="invoice-items w-full border-collapse">
          <caption className="sr-only">Items returned</caption>
          <thead>
            <tr className="border-b border-ink text-left">
              <th scope="col" className="py-1.5 pr-2 font-semibold">
                Item
              </th>
              <th scope="col" className="invoice-hsn py-1.5 pr-2 font-semibold">
                HSN
              </th>
              <th scope="col" className="py-1.5 pr-2 text-right font-semibold">
                Qty
              </th>
              <th scope="col" className="py-1.5 pr-2 text-right font-semibold">
                Rate
              </th>
              <th scope="col" className="invoice-rate py-1.5 pr-2 text-right font-semibold">
                GST
              </th>
              <th scope="col" className="invoice-taxable py-1.5 pr-2 text-right font-semibold">
                Taxable value
              </th>
              <th scope="col" className="py-1.5 text-right font-semibold">
                Refund
              </th>
            </tr>
          </thead>
          <tbody>
            {note.items.map((line) => (
              <tr key={line.itemId} className="border-b border-line align-top">
                <td className="min-w-32 py-1.5 pr-2">
                  {line.name}
                  {line.sku && <span className="block text-xs text-muted">{line.sku}</span>}
                </td>
                <td className="invoice-hsn py-1.5 pr-2 tabular-nums">{line.hsnCode || '—'}</td>
                <td className="py-1.5 pr-2 text-right tabular-nums whitespace-nowrap">{line.quantity}</td>
                <td className="py-1.5 pr-2 text-right tabular-nums whitespace-nowrap">{formatINR(line.price)}</td>
                <td className="invoice-rate py-1.5 pr-2 text-right tabular-nums whitespace-nowrap">{line.gstRate}%</td>
                <td className="invoice-taxable py-1.5 pr-2 text-right tabular-nums whitespace-nowrap">{formatINR(line.taxableValue)}</td>
                <td className="py-1.5 text-right tabular-nums whitespace-nowrap">{formatINR(line.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <dl className="invoice-totals ml-auto mt-3 grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1 tabular-nums">
        <dt>Taxable value</dt>
        <dd className="text-right">{formatINR(gst.taxableValue)}</dd>
        {gst.interState ? (
          <>
            <dt>IGST</dt>
            <dd className="text-right">{formatINR(gst.igst)}</dd>
          </>
        ) : (
          <>
            <dt>CGST</dt>
            <dd className="text-right">{formatINR(gst.cgst)}</dd>
            <dt>SGST</dt>
            <dd className="text-right">{formatINR(gst.sgst)}</dd>
          </>
        )}
        <dt className="border-t border-ink pt-1 text-base font-semibold">Total refunded</dt>
        <dd className="border-t border-ink pt-1 text-right text-base font-semibold" data-testid="credit-note-total">
          {formatINR(note.total)}
        </dd>
      </dl>
      <p className="mt-2 text-right text-xs">Refunded by {BILL_PAYMENT_MODE_LABELS[note.refundMode]}</p>

      <section aria-label="Reason" className="mt-4 border-y border-line py-2">
        <p>
          <span className="text-muted">Reason: </span>
          {note.reason}
        </p>
      </section>

      <GstTable gst={gst} title="GST reversed by this credit note" />

      <p className="mt-6 text-center text-xs text-muted">This is a computer-generated credit note against invoice {note.invoiceNumber}.</p>

      <PrintControls paper={paper} />
    </article>
  );
}

import { istDateTime } from '@shop/core';
import type { InvoiceView } from './invoice-model';

/**
 * A void bill's or a cancelled order's invoice (issue 40): VOID across the sheet (on screen and on paper, see
 * app.css), and in words when and why, with the credit note that reverses a cancelled order beside it, so a reprint
 * can never pass for a valid tax invoice.
 */
export function VoidMark({ invoice }: { invoice: InvoiceView }) {
  const voided = invoice.voided;
  if (!voided) return null;
  return (
    <>
      <div aria-hidden="true" className="invoice-void-stamp">
        <span>VOID</span>
      </div>
      <section aria-label="Void" className="invoice-void mt-3 rounded-lg border-2 border-wine-700 px-3 py-2 text-wine-700">
        <p className="text-base font-semibold">
          VOID: this {invoice.kind === 'bill' ? 'bill was voided' : 'order was cancelled'} on {istDateTime(new Date(voided.at))}.
        </p>
        {voided.reason && <p className="break-words">Reason: {voided.reason}</p>}
        {voided.creditNote && (
          <p className="print:hidden">
            {/* The same page with ?credit=1, in the back-office and on the shopper's side alike. */}
            <a href="?credit=1" className="font-semibold underline underline-offset-2">
              Credit note against {invoice.number}
            </a>
          </p>
        )}
        {voided.creditNote && <p className="hidden print:block">A credit note against {invoice.number} reverses it.</p>}
      </section>
    </>
  );
}

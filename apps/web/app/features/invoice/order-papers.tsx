import type { ShopSettings } from '@shop/core';
import type { InvoicePaper, InvoiceView } from './invoice-model';
import { TaxInvoice } from './tax-invoice';

/** The title of an order's papers: its tax invoice, or its credit notes by number. */
export function paperTitle(invoices: readonly InvoiceView[]): string {
  const [first] = invoices;
  if (!first) return 'Tax invoice';
  if (!first.credit) return `Tax invoice ${first.number}`;
  return `Credit note ${invoices.map((invoice) => invoice.number).join(', ')} against ${first.credit.againstInvoice}`;
}

/**
 * An online order's tax invoice, or its credit notes one after the other (a part return and a later one each have
 * their own, issue 43), each its own printed sheet; the print dialog opens once.
 */
export function OrderPapers({
  invoices,
  settings,
  autoPrint,
  paper,
}: {
  invoices: InvoiceView[];
  settings: ShopSettings;
  autoPrint: boolean;
  paper: InvoicePaper;
}) {
  return (
    <>
      {invoices.map((invoice, index) => (
        <TaxInvoice key={invoice.number} invoice={invoice} settings={settings} autoPrint={autoPrint && index === 0} paper={paper} />
      ))}
    </>
  );
}

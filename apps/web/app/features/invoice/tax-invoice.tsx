import {
  formatINR,
  formatSignedINR,
  istDate,
  istDateTime,
  placeOfSupplyLabel,
  type BusinessBuyer,
  type GstBreakup,
  type ShopSettings,
} from '@shop/core';
import { Printer } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { InvoiceLineView, InvoicePaper, InvoiceView } from './invoice-model';
import { OrderInvoiceItems } from './order-invoice-items';
import { VoidMark } from './void-mark';

const percent = (value: number) => `${Number.isInteger(value) ? value : value.toFixed(2).replace(/0$/, '')}%`;

/** Opens the print dialog once the page has drawn, when the address asks for it (`?print=1`: the 800×600 window). */
export function useAutoPrint(autoPrint: boolean) {
  useEffect(() => {
    if (!autoPrint) return;
    const timer = window.setTimeout(() => window.print(), 300);
    return () => window.clearTimeout(timer);
  }, [autoPrint]);
}

/**
 * The seller's name (and legal name when it differs), address, phone, e-mail and GSTIN as the document was issued
 * (invoice-model's issuedSettings); the document's own title and numbers at the right.
 */
export function ShopLetterhead({ settings, children }: { settings: ShopSettings; children: ReactNode }) {
  return (
    // Side by side from a small screen up (the shop's address wraps to make room); stacked on a phone.
    <header className="invoice-head flex flex-wrap items-start justify-between gap-4 border-b-2 border-ink pb-4 sm:flex-nowrap">
      <div className="flex min-w-0 items-start gap-3">
        {settings.logoUrl && (
          <img src={settings.logoUrl} alt={`${settings.name} logo`} width={56} height={56} className="invoice-logo h-14 w-14" />
        )}
        <div>
          <p className="font-display text-2xl font-semibold leading-tight">{settings.name}</p>
          {settings.legalName && settings.legalName !== settings.name && <p className="font-semibold">{settings.legalName}</p>}
          <p className="max-w-sm leading-snug">{settings.address}</p>
          <p>
            {settings.phone}
            {settings.email && <> · {settings.email}</>}
            {settings.socialHandle && <> · {settings.socialHandle}</>}
          </p>
          <p className="font-semibold">GSTIN {settings.gstin}</p>
        </div>
      </div>
      <div className="ml-auto shrink-0 text-right">{children}</div>
    </header>
  );
}

/** The GST per rate and in all: CGST + SGST (half the rate each) within the state, IGST across states. */
export function GstTable({ gst, title }: { gst: GstBreakup; title: string }) {
  return (
    <section aria-labelledby="gst-title" className="invoice-gst mt-5">
      <h2 id="gst-title" className="font-sans text-sm font-semibold">
        {title}
      </h2>
      <table className="mt-1.5 w-full border-collapse tabular-nums">
        <thead>
          <tr className="border-b border-ink text-left">
            <th scope="col" className="py-1 pr-2 font-semibold">
              Rate
            </th>
            <th scope="col" className="py-1 pr-2 text-right font-semibold">
              Taxable value
            </th>
            {gst.interState ? (
              <th scope="col" className="py-1 text-right font-semibold">
                IGST
              </th>
            ) : (
              <>
                <th scope="col" className="py-1 pr-2 text-right font-semibold">
                  CGST
                </th>
                <th scope="col" className="py-1 text-right font-semibold">
                  SGST
                </th>
              </>
            )}
          </tr>
        </thead>
        <tbody>
          {gst.byRate.map((row) => (
            <tr key={row.rate} className="border-b border-line">
              <td className="py-1 pr-2">{row.rate}%</td>
              <td className="py-1 pr-2 text-right">{formatINR(row.taxableValue)}</td>
              {gst.interState ? (
                <td className="py-1 text-right">{formatINR(row.igst)}</td>
              ) : (
                <>
                  <td className="py-1 pr-2 text-right">
                    {formatINR(row.cgst)} <span className="text-muted">({row.rate / 2}%)</span>
                  </td>
                  <td className="py-1 text-right">
                    {formatINR(row.sgst)} <span className="text-muted">({row.rate / 2}%)</span>
                  </td>
                </>
              )}
            </tr>
          ))}
          <tr className="font-semibold">
            <td className="py-1 pr-2">Total</td>
            <td className="py-1 pr-2 text-right">{formatINR(gst.taxableValue)}</td>
            {gst.interState ? (
              <td className="py-1 text-right">{formatINR(gst.igst)}</td>
            ) : (
              <>
                <td className="py-1 pr-2 text-right">{formatINR(gst.cgst)}</td>
                <td className="py-1 text-right">{formatINR(gst.sgst)}</td>
              </>
            )}
          </tr>
        </tbody>
      </table>
    </section>
  );
}

/** Print, and the switch between an A4 page and an 80 mm receipt; not printed. */
export function PrintControls({ paper }: { paper: InvoicePaper }) {
  return (
    <div className="mt-6 flex flex-wrap items-center justify-center gap-3 print:hidden">
      <button type="button" className="btn btn-primary" onClick={() => window.print()}>
        <Printer aria-hidden="true" className="h-4 w-4" />
        Print
      </button>
      <Link
        to={{ search: paper === '80mm' ? '' : '?paper=80mm' }}
        replace
        className="inline-flex min-h-11 items-center px-3 text-sm font-semibold text-wine-700 underline-offset-2 hover:underline"
      >
        {paper === '80mm' ? 'A4 page' : '80 mm receipt'}
      </Link>
    </div>
  );
}

/** A line's own discount under its name: 'Less 10%: −₹269.90'. */
function LineDiscount({ line }: { line: InvoiceLineView }) {
  if (line.discountAmount === 0) return null;
  return (
    <span className="block text-xs">
      {line.discountLabel ?? `Less ${percent(line.discount)}`}: −{formatINR(line.discountAmount)}
    </span>
  );
}

/** One order-level discount among the totals: 'FESTIVE10 −₹650.00'. */
function OrderDiscountRow({ label, amount }: { label: string; amount: number }) {
  return (
    <>
      <dt className="[overflow-wrap:anywhere]">{label}</dt>
      <dd className="text-right">−{formatINR(amount)}</dd>
    </>
  );
}

/** The items of an A4 invoice: one row a line, HSN, quantity, unit price, GST rate and total in columns. */
function InvoiceItems({ lines }: { lines: readonly InvoiceLineView[] }) {
  return (
    <table className="invoice-items mt-3 w-full border-collapse">
      <thead>
        <tr className="border-b border-ink text-left">
          <th scope="col" className="py-1.5 pr-2 font-semibold">
            Item
          </th>
          <th scope="col" className="invoice-hsn py-1.5 pr-2 font-semibold">
            HSN
          </th>
          <th scope="col" className="py-1.5 pr-2 text-right font-semibold">
            Quantity
          </th>
          <th scope="col" className="py-1.5 pr-2 text-right font-semibold">
            Unit price
          </th>
          <th scope="col" className="invoice-rate py-1.5 pr-2 text-right font-semibold">
            GST
          </th>
          <th scope="col" className="py-1.5 text-right font-semibold">
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, index) => (
          <tr key={`${line.name}-${index}`} className="border-b border-line align-top">
            <td className="py-1.5 pr-2">
              {line.name}
              <LineDiscount line={line} />
            </td>
            <td className="invoice-hsn py-1.5 pr-2 tabular-nums">{line.hsnCode || '—'}</td>
            <td className="py-1.5 pr-2 text-right tabular-nums">{line.quantity}</td>
            <td className="py-1.5 pr-2 text-right tabular-nums">{formatINR(line.unitPrice)}</td>
            <td className="invoice-rate py-1.5 pr-2 text-right tabular-nums">{line.rate}%</td>
            <td className="py-1.5 text-right tabular-nums">{formatINR(line.total)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The items of an 80 mm receipt (issue 40): 72 mm of printable width hold three columns of lakh-sized figures, not
 * six, so each line takes two rows: its name across the roll, then its HSN over its GST rate, quantity × unit price
 * and total, every figure whole (amounts never break; the quantity wraps before its price if it must).
 */
function ReceiptItems({ lines }: { lines: readonly InvoiceLineView[] }) {
  const figure = 'py-0.5 text-right tabular-nums';
  return (
    <table className="invoice-items receipt-items mt-2 w-full border-collapse">
      <thead>
        <tr className="border-b border-ink text-left">
          <th scope="col" className="py-1 pr-2 font-semibold">
            HSN · GST
          </th>
          <th scope="col" className="py-1 pr-2 text-right font-semibold">
            Qty × Price
          </th>
          <th scope="col" className="py-1 text-right font-semibold">
            Total
          </th>
        </tr>
      </thead>
      {lines.map((line, index) => (
        <tbody key={`${line.name}-${index}`} className="border-b border-line">
          <tr>
            <th scope="rowgroup" colSpan={3} className="pt-1 text-left font-semibold [overflow-wrap:anywhere]">
              {line.name}
            </th>
          </tr>
          <tr className="align-top">
            <td className="py-0.5 pr-2 tabular-nums">
              <span className="block" data-receipt="hsn">
                {line.hsnCode || '—'}
              </span>
              <span className="block" data-receipt="rate">
                {line.rate}%
              </span>
            </td>
            <td className={`${figure} pr-2`}>
              {line.quantity} ×<wbr /> <span className="whitespace-nowrap">{formatINR(line.unitPrice)}</span>
            </td>
            <td className={`${figure} whitespace-nowrap`}>{formatINR(line.total)}</td>
          </tr>
          {line.discountAmount > 0 && (
            <tr>
              <td colSpan={2} className="py-0.5 pr-2">
                {line.discountLabel ?? `Less ${percent(line.discount)}`}
              </td>
              <td className={`${figure} whitespace-nowrap`}>−{formatINR(line.discountAmount)}</td>
            </tr>
          )}
          {line.charged !== undefined && line.discountAmount > 0 && (
            <tr>
              <td colSpan={2} className="py-0.5 pr-2 font-semibold">
                Line total
              </td>
              <td className={`${figure} whitespace-nowrap font-semibold`}>{formatINR(line.charged)}</td>
            </tr>
          )}
        </tbody>
      ))}
    </table>
  );
}

/**
 * The GST of an 80 mm receipt (issue 40): four columns of lakh-sized figures do not fit 72 mm, so each rate is a
 * group of rows — taxable value, then CGST and SGST at half the rate each (or IGST) — and the totals below.
 */
function ReceiptGst({ gst }: { gst: GstBreakup }) {
  const rows = (label: string, values: Pick<GstBreakup, 'taxableValue' | 'cgst' | 'sgst' | 'igst'>, rate: number | null) =>
    [
      [`${label} taxable value`, values.taxableValue],
      ...(gst.interState
        ? [[`IGST${rate === null ? '' : ` ${rate}%`}`, values.igst] as const]
        : [
            [`CGST${rate === null ? '' : ` ${rate / 2}%`}`, values.cgst] as const,
            [`SGST${rate === null ? '' : ` ${rate / 2}%`}`, values.sgst] as const,
          ]),
    ] as const;
  // A group a rate, then the totals' (the breakup's own figures, no rate).
  const groups: Array<{
    key: string;
    label: string;
    values: Pick<GstBreakup, 'taxableValue' | 'cgst' | 'sgst' | 'igst'>;
    rate: number | null;
  }> = [
    ...gst.byRate.map((row) => ({ key: String(row.rate), label: `${row.rate}%`, values: row, rate: row.rate })),
    { key: 'total', label: 'Total', values: gst, rate: null },
  ];
  return (
    <section aria-labelledby="gst-title" className="invoice-gst mt-4">
      <h2 id="gst-title" className="font-sans text-sm font-semibold">
        GST included in the prices
      </h2>
      <table className="mt-1 w-full border-collapse tabular-nums">
        {groups.map(({ key, label, values, rate }) => (
          <tbody key={key} className={rate === null ? 'font-semibold' : 'border-b border-line'}>
            {rows(label, values, rate).map(([name, value]) => (
              <tr key={name}>
                <th scope="row" className={`py-0.5 pr-1 text-left ${rate === null ? 'font-semibold' : 'font-normal'}`}>
                  {name}
                </th>
                <td className="whitespace-nowrap py-0.5 text-right">{formatINR(value)}</td>
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </section>
  );
}

/** A business buyer's name and GSTIN with her state, as an invoice and a credit note print them (issue 43). */
export function BusinessBuyerLines({ business, label }: { business: BusinessBuyer; label: string }) {
  return (
    <>
      <p>
        <span className="text-muted">{label}: </span>
        <strong>{business.name}</strong>
      </p>
      <p data-testid="invoice-buyer-gstin">
        <span className="text-muted">Buyer GSTIN: </span>
        <strong className="font-mono">{business.gstin}</strong> ·{' '}
        <span className="whitespace-nowrap">{placeOfSupplyLabel(business.state)}</span>
      </p>
    </>
  );
}

/** Who the invoice is to, with a business buyer's GSTIN and name first (issue 43: rule 46(e), the recipient's GSTIN). */
function BilledTo({ invoice }: { invoice: InvoiceView }) {
  const { buyer, business } = invoice;
  const contact = [buyer.name, buyer.phone].filter(Boolean).join(' · ');
  return (
    <section aria-label="Billed to" className="invoice-buyer border-b border-line py-3">
      {business ? (
        <>
          <BusinessBuyerLines business={business} label="Billed to" />
          {contact && <p>{contact}</p>}
        </>
      ) : (
        <p>
          <span className="text-muted">Billed to: </span>
          <strong>{buyer.name}</strong>
          {buyer.phone && <> · {buyer.phone}</>}
        </p>
      )}
      {buyer.address.length > 0 && <p>{buyer.address.join(', ')}</p>}
    </section>
  );
}

/**
 * Spec §2.18, as a GST tax invoice: the shop's header from the settings record, the items with HSN and rate,
 * subtotal, discount %, total, the GST contained per rate (CGST + SGST, or IGST across states) and a thank-you
 * line. `autoPrint` opens the print dialog once the page has drawn (the 800×600 window asks for it).
 */
export function TaxInvoice({
  invoice,
  settings,
  autoPrint,
  paper,
}: {
  invoice: InvoiceView;
  settings: ShopSettings;
  autoPrint: boolean;
  paper: InvoicePaper;
}) {
  useAutoPrint(autoPrint);
  const { gst } = invoice;

  return (
    <article
      className="tax-invoice mx-auto max-w-3xl bg-white p-6 text-sm text-ink sm:p-8"
      data-paper={paper}
      aria-labelledby="invoice-title"
    >
      <ShopLetterhead settings={settings}>
        <h1 id="invoice-title" className="font-display text-xl font-semibold">
          {invoice.credit ? 'Credit Note' : 'Tax Invoice'}
        </h1>
        {invoice.credit ? (
          <>
            <p>
              Credit Note No. <strong className="font-mono">{invoice.number}</strong>
            </p>
            <p>
              Against invoice No. <strong className="font-mono">{invoice.credit.againstInvoice}</strong>{' '}
              <span className="block">dated {istDate(new Date(invoice.credit.invoiceDate))}</span>
            </p>
          </>
        ) : (
          <p>
            Invoice No. <strong className="font-mono">{invoice.number}</strong>
          </p>
        )}
        <p>Date {istDateTime(new Date(invoice.date))}</p>
        <p>
          Place of supply: {placeOfSupplyLabel(gst.placeOfSupply)}
          {gst.interState ? ' (inter-state)' : ''}
        </p>
      </ShopLetterhead>
      <VoidMark invoice={invoice} />

      <BilledTo invoice={invoice} />

      {paper === '80mm' ? (
        <ReceiptItems lines={invoice.lines} />
      ) : invoice.order ? (
        <OrderInvoiceItems lines={invoice.order.lines} interState={gst.interState} />
      ) : (
        <InvoiceItems lines={invoice.lines} />
      )}

      <dl className="invoice-totals ml-auto mt-3 grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1 tabular-nums">
        <dt>Subtotal</dt>
        <dd className="text-right">{formatINR(invoice.subtotal)}</dd>
        {invoice.lineDiscountAmount > 0 && (
          <>
            <dt>Item discounts</dt>
            <dd className="text-right">−{formatINR(invoice.lineDiscountAmount)}</dd>
          </>
        )}
        {invoice.kind === 'bill' && (
          <>
            <dt>Discount ({percent(invoice.discount)})</dt>
            <dd className="text-right">−{formatINR(invoice.percentDiscountAmount)}</dd>
          </>
        )}
        {invoice.discountFlat > 0 && (
          <>
            <dt>Discount (₹)</dt>
            <dd className="text-right">−{formatINR(invoice.discountFlat)}</dd>
          </>
        )}
        {/* An order's own discounts by name (issue 41: 'FESTIVE10'), each shared over the lines above. */}
        {invoice.order?.discounts.map((discount) => (
          <OrderDiscountRow key={discount.label} label={discount.label} amount={discount.amount} />
        ))}
        {invoice.kind === 'order' && (
          <>
            <dt>Shipping</dt>
            <dd className="text-right">{invoice.shipping === 0 ? 'Free' : formatINR(invoice.shipping)}</dd>
          </>
        )}
        {invoice.order && invoice.order.codFee > 0 && (
          <>
            <dt>Cash on delivery fee</dt>
            <dd className="text-right">{formatINR(invoice.order.codFee)}</dd>
          </>
        )}
        {/* To the nearest rupee, 50 paise up; not a supply, so outside the GST below. */}
        {invoice.kind === 'bill' && !invoice.credit && (
          <>
            <dt>Round-off</dt>
            <dd className="text-right">{formatSignedINR(invoice.roundOff)}</dd>
          </>
        )}
        <dt className="border-t border-ink pt-1 text-base font-semibold">{invoice.credit ? 'Total credited' : 'Total'}</dt>
        <dd className="border-t border-ink pt-1 text-right text-base font-semibold">{formatINR(invoice.total)}</dd>
      </dl>
      {invoice.paidBy && <p className="mt-2 text-right text-xs">Paid by {invoice.paidBy}</p>}
      {invoice.order?.paymentMethod === 'cod' && <p className="mt-2 text-right text-xs">Payment: cash on delivery</p>}

      {paper === '80mm' ? (
        <ReceiptGst gst={gst} />
      ) : (
        <GstTable gst={gst} title={invoice.credit ? 'GST reversed by this credit note' : 'GST included in the prices'} />
      )}

      <p className="invoice-thanks mt-6 text-center font-display text-lg">Thank you for shopping with {settings.name}!</p>
      <p className="mt-1 text-center text-xs text-muted">This is a computer-generated {invoice.credit ? 'credit note' : 'invoice'}.</p>

      <PrintControls paper={paper} />
    </article>
  );
}

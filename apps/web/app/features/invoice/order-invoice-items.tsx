import { formatINR, type OrderInvoiceLine } from '@shop/core';

// An online order's invoice lines (issue 41): per line its MRP, every discount, the taxable value, the rate, the
// taxes and the total, as core's orderInvoiceOf computed them. Nine columns fit an A4 sheet and a wide screen; a
// phone gets one block a line with the same figures under their names, so the Total is never cut off.

const half = (rate: number) => `${rate / 2}%`;

/** The taxes of a line by name: CGST and SGST at half the rate each within the state, IGST across states. */
function taxesOf(line: OrderInvoiceLine, interState: boolean): Array<[string, number]> {
  return interState
    ? [[`IGST ${line.rate}%`, line.igst]]
    : [
        [`CGST ${half(line.rate)}`, line.cgst],
        [`SGST ${half(line.rate)}`, line.sgst],
      ];
}

function LinesTable({ lines, interState }: { lines: readonly OrderInvoiceLine[]; interState: boolean }) {
  const head = 'py-1.5 pl-2 text-right font-semibold';
  const figure = 'py-1.5 pl-2 text-right tabular-nums whitespace-nowrap';
  return (
    <table className="invoice-items order-invoice-table mt-3 hidden w-full border-collapse text-xs md:table print:table">
      <thead>
        <tr className="border-b border-ink text-left align-bottom">
          <th scope="col" className="py-1.5 pr-2 font-semibold">
            Item
          </th>
          <th scope="col" className={head}>
            Qty
          </th>
          <th scope="col" className={head}>
            MRP
          </th>
          <th scope="col" className={head}>
            Discount
          </th>
          <th scope="col" className={head}>
            Taxable value
          </th>
          <th scope="col" className={head}>
            GST
          </th>
          {interState ? (
            <th scope="col" className={head}>
              IGST
            </th>
          ) : (
            <>
              <th scope="col" className={head}>
                CGST
              </th>
              <th scope="col" className={head}>
                SGST
              </th>
            </>
          )}
          <th scope="col" className={head}>
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, index) => (
          <tr key={`${line.description}-${index}`} className="border-b border-line align-top">
            <td className="py-1.5 pr-2">
              {line.description}
              <span className="block text-muted tabular-nums">HSN {line.hsn || '—'}</span>
            </td>
            <td className={figure}>{line.quantity}</td>
            <td className={figure}>{formatINR(line.mrp)}</td>
            <td className={figure}>{line.discount > 0 ? `−${formatINR(line.discount)}` : '—'}</td>
            <td className={figure}>{formatINR(line.taxable)}</td>
            <td className={figure}>{line.rate}%</td>
            {interState ? (
              <td className={figure}>{formatINR(line.igst)}</td>
            ) : (
              <>
                <td className={figure}>{formatINR(line.cgst)}</td>
                <td className={figure}>{formatINR(line.sgst)}</td>
              </>
            )}
            <td className={`${figure} font-semibold`}>{formatINR(line.total)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A phone's lines: the name, HSN, quantity and rate, then each figure under its name; never printed. */
function LinesStacked({ lines, interState }: { lines: readonly OrderInvoiceLine[]; interState: boolean }) {
  return (
    <ul className="order-invoice-stacked mt-3 border-t border-ink md:hidden print:hidden" aria-label="Items">
      {lines.map((line, index) => (
        <li key={`${line.description}-${index}`} className="border-b border-line py-2">
          <p className="font-semibold [overflow-wrap:anywhere]">{line.description}</p>
          <p className="text-xs text-muted tabular-nums">
            HSN {line.hsn || '—'} · Qty {line.quantity} · GST {line.rate}%
          </p>
          <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-4 text-xs tabular-nums">
            <dt>MRP</dt>
            <dd className="text-right">{formatINR(line.mrp)}</dd>
            <dt>Discount</dt>
            <dd className="text-right">{line.discount > 0 ? `−${formatINR(line.discount)}` : '—'}</dd>
            <dt>Taxable value</dt>
            <dd className="text-right">{formatINR(line.taxable)}</dd>
            {taxesOf(line, interState).map(([name, value]) => (
              <div key={name} className="contents">
                <dt>{name}</dt>
                <dd className="text-right">{formatINR(value)}</dd>
              </div>
            ))}
            <dt className="text-sm font-semibold">Total</dt>
            <dd className="text-right text-sm font-semibold">{formatINR(line.total)}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** The lines of an online order's A4 invoice: a table on a wide screen and on paper, blocks on a phone. */
export function OrderInvoiceItems({ lines, interState }: { lines: readonly OrderInvoiceLine[]; interState: boolean }) {
  return (
    <>
      <LinesTable lines={lines} interState={interState} />
      <LinesStacked lines={lines} interState={interState} />
    </>
  );
}

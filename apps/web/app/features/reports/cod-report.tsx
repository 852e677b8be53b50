import { formatINR, type CodReport } from '@shop/core';
import { Banknote, PackageX, Truck } from 'lucide-react';
import { useId } from 'react';
import { MetricTile, shortDate } from './report-ui';

/**
 * Cash on delivery in the sales report (issue 41): the cash still with the couriers (COD orders shipped, not
 * delivered, as of now), the cash collected in the range day by day, and the COD orders shipped in the range that
 * came back to origin, with the rate.
 */
export function CodReportSection({ cod }: { cod: CodReport }) {
  const id = useId();
  const orders = (count: number) => `${count.toLocaleString('en-IN')} ${count === 1 ? 'order' : 'orders'}`;
  return (
    <section aria-labelledby={id} className="mt-6 print:break-inside-avoid">
      <h2 id={id} className="mb-3 font-sans text-lg font-semibold">
        Cash on delivery
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <MetricTile
          label="Cash to Collect"
          value={formatINR(cod.toCollect.amount)}
          note={`${orders(cod.toCollect.orders)} shipped, not delivered · now`}
          icon={Truck}
        />
        <MetricTile
          label="Cash Collected"
          value={formatINR(cod.collectedTotal)}
          note={`${orders(cod.collected.reduce((sum, day) => sum + day.orders, 0))} delivered in these days`}
          icon={Banknote}
        />
        <MetricTile
          label="Returned to Origin"
          value={`${cod.returnedToOrigin.toLocaleString('en-IN')} · ${cod.returnedToOriginRate.toLocaleString('en-IN')}%`}
          note={`Of ${orders(cod.shipped)} shipped in these days`}
          icon={PackageX}
        />
      </div>
      <div className="mt-4 rounded-2xl border border-line bg-white p-4 sm:p-5">
        <h3 className="mb-2 text-base font-semibold">Cash collected by day</h3>
        {cod.collected.length === 0 ? (
          <p className="text-sm text-muted">No cash collected in these days.</p>
        ) : (
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-line text-left text-muted">
                <th scope="col" className="py-2 pr-2 font-medium">
                  Day
                </th>
                <th scope="col" className="py-2 pr-2 text-right font-medium">
                  Orders
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Cash
                </th>
              </tr>
            </thead>
            <tbody>
              {cod.collected.map((day) => (
                <tr key={day.date} className="border-b border-line last:border-0">
                  <th scope="row" className="py-2 pr-2 text-left font-medium">
                    {shortDate(day.date)}
                  </th>
                  <td className="py-2 pr-2 text-right tabular-nums">{day.orders}</td>
                  <td className="whitespace-nowrap py-2 text-right tabular-nums">{formatINR(day.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}

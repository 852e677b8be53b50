import { formatINR, type AuditEntry } from '@shop/core';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** Fields the API records in paise (productPrice, variantColorPrice, totalPaise, amount …). */
const MONEY_FIELD = /price|paise|amount|total|refund/i;

/**
 * A recorded value as people read it: amounts in rupees, moments in India time, yes/no, text as is, lists and
 * objects as short JSON.
 */
function show(name: string, value: unknown, formatTime: (iso: string) => string): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number')
    return MONEY_FIELD.test(name) && Number.isInteger(value) ? formatINR(value) : value.toLocaleString('en-IN');
  if (typeof value === 'string') return value === '' ? '(empty)' : ISO_TIME.test(value) ? formatTime(value) : value;
  return JSON.stringify(value);
}

/** 'productPrice' → 'Product price'. */
const fieldLabel = (name: string) => {
  const words = name
    .replace(/^_/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * What an audit entry changed: for an update only the fields the after-state records whose value differs, before →
 * after; for a creation the new record, for a removal the old one. `formatTime` shows a recorded moment (India time).
 */
export function AuditChange({ entry, formatTime }: { entry: AuditEntry; formatTime: (iso: string) => string }) {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const update = entry.before !== null && entry.after !== null;
  // In an update a field the after-state does not record was not changed: shown, it read as wiped (a refund's entry
  // seemed to clear the courier and tracking number, issue 40). A field set to nothing is recorded as null.
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((name) =>
    update ? name in after && JSON.stringify(before[name]) !== JSON.stringify(after[name]) : true,
  );
  if (names.length === 0) return <p className="text-sm text-muted">No field changed.</p>;
  return (
    <table className="w-full table-fixed border-collapse text-xs">
      <thead className={entry.before && entry.after ? 'text-left text-[0.7rem] uppercase tracking-wider text-muted' : 'sr-only'}>
        <tr>
          <th scope="col" className="pb-1 font-semibold">
            Field
          </th>
          {entry.before && (
            <th scope="col" className="pb-1 font-semibold">
              Before
            </th>
          )}
          {entry.after && (
            <th scope="col" className="pb-1 font-semibold">
              After
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {names.map((name) => (
          <tr key={name} className="border-t border-line first:border-0 align-top">
            <th scope="row" className="w-1/3 py-1.5 pr-2 text-left font-medium text-muted">
              {fieldLabel(name)}
            </th>
            {entry.before && (
              <td className="break-words py-1.5 pr-2 text-wine-700 line-through decoration-wine-100">
                {show(name, before[name], formatTime)}
              </td>
            )}
            {entry.after && <td className="break-words py-1.5 font-medium text-[#1a6b3c]">{show(name, after[name], formatTime)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

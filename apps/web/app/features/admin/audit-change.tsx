import type { AuditEntry } from '@shop/core';

/** A recorded value as people read it: text as is, amounts in paise stay numbers, lists and objects as short JSON. */
function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
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
 * What an audit entry changed: for an update only the fields whose value differs, before → after; for a
 * creation the new record, for a removal the old one.
 */
export function AuditChange({ entry }: { entry: AuditEntry }) {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]) || !entry.before || !entry.after,
  );
  if (names.length === 0) return <p className="text-sm text-muted">No field changed.</p>;
  return (
    <table className="w-full table-fixed border-collapse text-xs">
      <thead className="sr-only">
        <tr>
          <th scope="col">Field</th>
          {entry.before && <th scope="col">Before</th>}
          {entry.after && <th scope="col">After</th>}
        </tr>
      </thead>
      <tbody>
        {names.map((name) => (
          <tr key={name} className="border-t border-line first:border-0 align-top">
            <th scope="row" className="w-1/3 py-1.5 pr-2 text-left font-medium text-muted">
              {fieldLabel(name)}
            </th>
            {entry.before && (
              <td className="break-words py-1.5 pr-2 text-wine-700 line-through decoration-wine-100">{show(before[name])}</td>
            )}
            {entry.after && <td className="break-words py-1.5 font-medium text-[#1a6b3c]">{show(after[name])}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

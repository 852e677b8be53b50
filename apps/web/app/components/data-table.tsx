import type { ReactNode } from 'react';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Right-aligned (amounts, counts). */
  numeric?: boolean;
  /** The row's title on a phone, where each row is a card: shown first and large, without its header. */
  primary?: boolean;
}

/**
 * A list of records: a table on a wide screen; on a phone (one column) and a tablet (two) each row becomes a
 * card of label–value lines, so nothing needs sideways scrolling on the owner's phone.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
}: {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  caption: string;
}) {
  const primary = columns.find((column) => column.primary);
  const rest = columns.filter((column) => column !== primary);
  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl border border-line bg-white lg:block">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-line bg-sand/50 text-left">
              {columns.map((column) => (
                <th
                  key={column.header}
                  scope="col"
                  className={`whitespace-nowrap px-4 py-3 text-xs font-semibold uppercase tracking-wider text-muted ${column.numeric ? 'text-right' : ''}`}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} className="border-b border-line last:border-0 hover:bg-ivory">
                {columns.map((column) => (
                  <td key={column.header} className={`px-4 py-3 align-middle ${column.numeric ? 'text-right tabular-nums' : ''}`}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-3 md:grid-cols-2 lg:hidden" aria-label={caption}>
        {rows.map((row) => (
          <li key={rowKey(row)} className="rounded-2xl border border-line bg-white p-4">
            {primary && <div className="mb-2 font-semibold">{primary.cell(row)}</div>}
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
              {rest.map((column) => (
                <div key={column.header} className="contents">
                  <dt className="text-muted">{column.header}</dt>
                  <dd className={`min-w-0 text-right ${column.numeric ? 'tabular-nums' : ''}`}>{column.cell(row)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}

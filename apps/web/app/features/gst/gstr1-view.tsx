import { formatINR, stateOfGstCode, type Gstr1, type Gstr1Answer, type Gstr1SummaryRow } from '@shop/core';
import { FileCheck2, FileMinus, IndianRupee, ReceiptText } from 'lucide-react';
import type { ReactNode } from 'react';
import { MetricTile } from '../../components/metric-tile';

// The GST returns page's return (issue 43): GET /api/admin/gst/gstr1's answer as the owner reads it before filing,
// table by table as the portal numbers them. The return's amounts are rupees (the offline tool's JSON); the page
// shows them as formatINR does every amount, from paise.

/** Rupees of the return's JSON (2 decimals) as paise. */
const paiseOf = (rupees: number) => Math.round(rupees * 100);
const inr = (rupees: number) => formatINR(paiseOf(rupees));

/** '29' → 'Karnataka (29)'. */
const placeOf = (code: string) => {
  const state = stateOfGstCode(code);
  return state ? `${state} (${code})` : code;
};

interface Column {
  label: string;
  numeric?: boolean;
}

// One line a cell: a phone scrolls the table sideways rather than breaking numbers and descriptions.
const CELL = 'px-3 py-2 whitespace-nowrap';
const NUMBER = `${CELL} whitespace-nowrap text-right tabular-nums`;

/** One table of the return: a phone scrolls it sideways (a focusable region) rather than squeezing its columns. */
function ReturnTable({
  label,
  columns,
  rows,
  footer,
  minWidth = '40rem',
}: {
  label: string;
  columns: readonly Column[];
  rows: ReadonlyArray<{ key: string; cells: readonly ReactNode[] }>;
  footer?: readonly ReactNode[];
  minWidth?: string;
}) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-line bg-white" role="region" aria-label={label} tabIndex={0}>
      <table className="w-full text-sm" style={{ minWidth }}>
        <caption className="sr-only">{label}, amounts in rupees</caption>
        <thead>
          <tr className="border-b border-line bg-sand/50 text-left text-muted">
            {columns.map((column) => (
              <th key={column.label} scope="col" className={`${column.numeric ? NUMBER : `${CELL} whitespace-nowrap`} font-medium`}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-line align-top last:border-0">
              {row.cells.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row" className={`${CELL} whitespace-nowrap text-left font-medium`}>
                    {cell}
                  </th>
                ) : (
                  <td key={index} className={columns[index]?.numeric ? NUMBER : CELL}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        {footer && (
          <tfoot>
            <tr className="border-t-2 border-ink font-semibold">
              {footer.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row" className={`${CELL} text-left`}>
                    {cell}
                  </th>
                ) : (
                  <td key={index} className={columns[index]?.numeric ? NUMBER : CELL}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

/** A table of the return under its portal number and name, or a line saying it has nothing this period. */
function ReturnSection({
  id,
  title,
  note,
  empty,
  children,
}: {
  id: string;
  title: string;
  note?: string;
  empty: boolean;
  children: ReactNode;
}) {
  return (
    // The table inside is the named (scrollable) region; the section is not a second landmark of the same name.
    <section className="mt-8">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {note && <p className="mb-3 mt-0.5 text-sm text-muted">{note}</p>}
      {empty ? (
        <p className="mt-2 rounded-xl border border-dashed border-line bg-white/60 px-4 py-3 text-sm text-muted">None in this period.</p>
      ) : (
        children
      )}
    </section>
  );
}

type Detail = { txval: number; iamt: number; camt: number; samt: number };
const sum = (details: readonly Detail[], field: keyof Detail) => details.reduce((total, detail) => total + paiseOf(detail[field]), 0);
const taxOf = (details: readonly Detail[]) => sum(details, 'iamt') + sum(details, 'camt') + sum(details, 'samt');
const detailsOf = (doc: { itms: ReadonlyArray<{ itm_det: Detail }> }) => doc.itms.map((item) => item.itm_det);

const MONEY_COLUMNS: readonly Column[] = [
  { label: 'Taxable value', numeric: true },
  { label: 'IGST', numeric: true },
  { label: 'CGST', numeric: true },
  { label: 'SGST', numeric: true },
];
const moneyCells = (detail: Detail) => [inr(detail.txval), inr(detail.iamt), inr(detail.camt), inr(detail.samt)];

/** The period's net outward supply: B2B, B2CL and B2CS (already net of its notes) less the notes of 9B. */
function netOf(summary: readonly Gstr1SummaryRow[]) {
  const row = (table: Gstr1SummaryRow['table']) => summary.find((item) => item.table === table);
  const signed = (table: Gstr1SummaryRow['table'], sign: number) => {
    const found = row(table);
    return found
      ? { taxable: sign * found.taxableValue, tax: sign * (found.igst + found.cgst + found.sgst + found.cess) }
      : { taxable: 0, tax: 0 };
  };
  const parts = [signed('b2b', 1), signed('b2cl', 1), signed('b2cs', 1), signed('cdnr', -1), signed('cdnur', -1)];
  return { taxable: parts.reduce((total, part) => total + part.taxable, 0), tax: parts.reduce((total, part) => total + part.tax, 0) };
}

/** Invoices or credit notes one by one (B2B, B2CL, CDNR, CDNUR): a registered buyer's with her GSTIN. */
function DocumentTable({
  label,
  kind,
  documents,
}: {
  label: string;
  kind: 'Invoice' | 'Credit note';
  documents: ReadonlyArray<{ number: string; date: string; ctin?: string; pos: string; value: number; details: readonly Detail[] }>;
}) {
  const registered = documents.some((doc) => doc.ctin);
  return (
    <ReturnTable
      label={label}
      minWidth={registered ? '52rem' : '44rem'}
      columns={[
        { label: kind },
        { label: 'Date' },
        ...(registered ? [{ label: 'Buyer GSTIN' }] : []),
        { label: 'Place of supply' },
        { label: `${kind === 'Invoice' ? 'Invoice' : 'Note'} value`, numeric: true },
        { label: 'Taxable value', numeric: true },
        { label: 'Tax', numeric: true },
      ]}
      rows={documents.map((doc) => ({
        key: doc.number,
        cells: [
          <span className="font-mono">{doc.number}</span>,
          doc.date,
          ...(registered ? [<span className="font-mono">{doc.ctin}</span>] : []),
          placeOf(doc.pos),
          inr(doc.value),
          formatINR(sum(doc.details, 'txval')),
          formatINR(taxOf(doc.details)),
        ],
      }))}
    />
  );
}

function HsnTable({ label, rows }: { label: string; rows: Gstr1['hsn']['hsn_b2b'] }) {
  return (
    <ReturnTable
      label={label}
      minWidth="52rem"
      columns={[
        { label: 'HSN' },
        { label: 'Description' },
        { label: 'Unit' },
        { label: 'Quantity', numeric: true },
        { label: 'Rate', numeric: true },
        ...MONEY_COLUMNS,
      ]}
      rows={rows.map((row) => ({
        key: `${row.hsn_sc}-${row.rt}`,
        cells: [
          <span className="font-mono">{row.hsn_sc}</span>,
          row.desc,
          row.uqc,
          row.qty.toLocaleString('en-IN'),
          `${row.rt}%`,
          ...moneyCells(row),
        ],
      }))}
    />
  );
}

/** The whole return of a period: the figures to file, each table, and what to check first. */
export function Gstr1View({ answer }: { answer: Gstr1Answer }) {
  const { gstr1, summary, warnings } = answer;
  const net = netOf(summary);
  const documents = gstr1.doc_issue.doc_det;
  const issued = (docNum: number) =>
    documents
      .filter((det) => det.doc_num === docNum)
      .flatMap((det) => det.docs)
      .reduce((total, doc) => total + doc.net_issue, 0);
  const b2bInvoices = gstr1.b2b.flatMap((buyer) => buyer.inv.map((invoice) => ({ ctin: buyer.ctin, invoice })));
  const b2clInvoices = gstr1.b2cl.flatMap((place) => place.inv.map((invoice) => ({ pos: place.pos, invoice })));
  const cdnrNotes = gstr1.cdnr.flatMap((buyer) => buyer.nt.map((note) => ({ ctin: buyer.ctin, note })));

  return (
    <div data-testid="gstr1">
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <MetricTile label="Taxable value, net" value={formatINR(net.taxable)} note="Sales less credit notes" icon={IndianRupee} />
        <MetricTile label="GST, net" value={formatINR(net.tax)} note="IGST + CGST + SGST" icon={ReceiptText} />
        <MetricTile
          label="Invoices issued"
          value={issued(1).toLocaleString('en-IN')}
          note="Counter and online, less voids"
          icon={FileCheck2}
        />
        <MetricTile
          label="Credit notes issued"
          value={issued(5).toLocaleString('en-IN')}
          note="Returns and cancellations"
          icon={FileMinus}
        />
      </div>

      {warnings.length > 0 && (
        <section aria-labelledby="gst-warnings" className="mt-6 rounded-2xl border border-gold-400/60 bg-gold-400/10 p-4">
          <h2 id="gst-warnings" className="font-semibold text-gold-600">
            Check before filing
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-ink">
            {warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </section>
      )}

      <ReturnSection id="gst-summary" title="Summary by table" note="As the GST portal numbers the tables of GSTR-1." empty={false}>
        <ReturnTable
          label="Summary by table"
          minWidth="44rem"
          columns={[{ label: 'Table' }, { label: 'Records', numeric: true }, ...MONEY_COLUMNS]}
          rows={summary.map((row) => ({
            key: row.table,
            cells: [
              row.title,
              row.records.toLocaleString('en-IN'),
              ...(row.table === 'doc_issue'
                ? ['', '', '', '']
                : [formatINR(row.taxableValue), formatINR(row.igst), formatINR(row.cgst), formatINR(row.sgst)]),
            ],
          }))}
        />
      </ReturnSection>

      <ReturnSection
        id="gst-b2b"
        title="4A – B2B invoices"
        note="Invoices to buyers registered for GST, by their GSTIN."
        empty={b2bInvoices.length === 0}
      >
        <DocumentTable
          label="B2B invoices"
          kind="Invoice"
          documents={b2bInvoices.map(({ ctin, invoice }) => ({
            number: invoice.inum,
            date: invoice.idt,
            ctin,
            pos: invoice.pos,
            value: invoice.val,
            details: detailsOf(invoice),
          }))}
        />
      </ReturnSection>

      <ReturnSection
        id="gst-b2cl"
        title="5 – B2C (large) invoices"
        note="Inter-state invoices above ₹1,00,000 to unregistered buyers."
        empty={b2clInvoices.length === 0}
      >
        <DocumentTable
          label="B2C large invoices"
          kind="Invoice"
          documents={b2clInvoices.map(({ pos, invoice }) => ({
            number: invoice.inum,
            date: invoice.idt,
            pos,
            value: invoice.val,
            details: detailsOf(invoice),
          }))}
        />
      </ReturnSection>

      <ReturnSection
        id="gst-b2cs"
        title="7 – B2C (small)"
        note="Every other sale to unregistered buyers, by place of supply and rate, net of its credit notes."
        empty={gstr1.b2cs.length === 0}
      >
        <ReturnTable
          label="B2C small by place of supply and rate"
          minWidth="48rem"
          columns={[{ label: 'Place of supply' }, { label: 'Supply' }, { label: 'Rate', numeric: true }, ...MONEY_COLUMNS]}
          rows={gstr1.b2cs.map((row) => ({
            key: `${row.pos}-${row.sply_ty}-${row.rt}`,
            cells: [placeOf(row.pos), row.sply_ty === 'INTER' ? 'Inter-state' : 'Intra-state', `${row.rt}%`, ...moneyCells(row)],
          }))}
          footer={[
            'Total',
            '',
            '',
            ...[sum(gstr1.b2cs, 'txval'), sum(gstr1.b2cs, 'iamt'), sum(gstr1.b2cs, 'camt'), sum(gstr1.b2cs, 'samt')].map((paise) =>
              formatINR(paise),
            ),
          ]}
        />
      </ReturnSection>

      <ReturnSection
        id="gst-cdnr"
        title="9B – Credit notes (registered)"
        note="Credit notes against B2B invoices."
        empty={cdnrNotes.length === 0}
      >
        <DocumentTable
          label="Credit notes to registered buyers"
          kind="Credit note"
          documents={cdnrNotes.map(({ ctin, note }) => ({
            number: note.nt_num,
            date: note.nt_dt,
            ctin,
            pos: note.pos,
            value: note.val,
            details: detailsOf(note),
          }))}
        />
      </ReturnSection>

      <ReturnSection
        id="gst-cdnur"
        title="9B – Credit notes (unregistered)"
        note="Credit notes against B2C (large) invoices."
        empty={gstr1.cdnur.length === 0}
      >
        <DocumentTable
          label="Credit notes to unregistered buyers"
          kind="Credit note"
          documents={gstr1.cdnur.map((note) => ({
            number: note.nt_num,
            date: note.nt_dt,
            pos: note.pos,
            value: note.val,
            details: detailsOf(note),
          }))}
        />
      </ReturnSection>

      <ReturnSection
        id="gst-hsn-b2b"
        title="12 – HSN summary, B2B"
        note="Supplies to registered buyers by HSN and rate, net of credit notes."
        empty={gstr1.hsn.hsn_b2b.length === 0}
      >
        <HsnTable label="HSN summary of B2B supplies" rows={gstr1.hsn.hsn_b2b} />
      </ReturnSection>

      <ReturnSection
        id="gst-hsn-b2c"
        title="12 – HSN summary, B2C"
        note="Supplies to unregistered buyers by HSN and rate, net of credit notes."
        empty={gstr1.hsn.hsn_b2c.length === 0}
      >
        <HsnTable label="HSN summary of B2C supplies" rows={gstr1.hsn.hsn_b2c} />
      </ReturnSection>

      <ReturnSection
        id="gst-docs"
        title="13 – Documents issued"
        note="Each series’ first and last number in the period; voided bills count as cancelled."
        empty={documents.length === 0}
      >
        <ReturnTable
          label="Documents issued"
          columns={[
            { label: 'Document' },
            { label: 'From' },
            { label: 'To' },
            { label: 'Total', numeric: true },
            { label: 'Cancelled', numeric: true },
            { label: 'Net issued', numeric: true },
          ]}
          rows={documents.flatMap((det) =>
            det.docs.map((doc) => ({
              key: `${det.doc_num}-${doc.num}`,
              cells: [
                det.doc_typ,
                <span className="font-mono">{doc.from}</span>,
                <span className="font-mono">{doc.to}</span>,
                doc.totnum,
                doc.cancel,
                doc.net_issue,
              ],
            })),
          )}
        />
      </ReturnSection>
    </div>
  );
}

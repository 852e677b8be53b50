import type { CsvImportResult } from '@shop/core';
import { Download, Upload } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Form, useLocation, useNavigation, useSubmit } from 'react-router';
import { useHydrated } from '../../components/enhanced';
import { PageDialog } from '../../components/url-modal';
import type { Failure } from '../../lib/failure';
import { toast } from '../../lib/toast';
import { importReport } from './csv-import-report';

/** The catalogue as CSV: the API's download (the admin's cookie goes along), the columns the import reads. */
export const EXPORT_CSV_PATH = '/api/admin/product/exportProducts';

/** What the products page's action answered an import: the result, or the refusal with a message per row. */
export type ImportAnswer = { ok: true; intent: 'import'; result: CsvImportResult } | (Failure & { intent: 'import' });

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** 'Imported 12 rows: 1 new product, 4 updated, 2 new variants'. */
function summaryOf(result: CsvImportResult): string {
  const variants = result.results.filter((row) => row.variant?.action === 'created').length;
  const added = variants > 0 ? `, ${count(variants, 'new variant')}` : '';
  return `Imported ${count(result.rows, 'row')}: ${count(result.created, 'new product')}, ${result.updated} updated${added}`;
}

/** A refused file: the server's row-numbered errors (nothing was written). */
function Refused({ failure }: { failure: Failure }) {
  const rows = Object.entries(failure.fields);
  return (
    <>
      <p role="alert" className="text-sm text-wine-700">
        {failure.error ?? 'Import failed'}
      </p>
      {rows.length > 0 && (
        <ul className="mt-4 max-h-72 space-y-1 overflow-y-auto rounded-xl border border-line p-3 text-sm">
          {rows.map(([row, message]) => (
            <li key={row}>
              <span className="font-semibold capitalize">{row}:</span> {message}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-4 text-xs text-muted">Fix these rows in the file and import it again; the catalogue was not changed.</p>
    </>
  );
}

/** An imported file: per row what changed, the refused stock changes (orders or edits moved the stock since the export) first. */
function Report({ result }: { result: CsvImportResult }) {
  const report = importReport(result.results);
  const conflicts = result.stockConflicts;
  return (
    <>
      <p className="text-sm text-ink">{summaryOf(result)}.</p>
      {conflicts > 0 && (
        <p role="alert" className="mt-2 text-sm font-medium text-wine-700">
          {conflicts === 1 ? '1 stock change was' : `${conflicts} stock changes were`} refused: the stock changed since the file was
          exported.
        </p>
      )}
      {report.lines.length > 0 && (
        <ul className="mt-4 max-h-72 space-y-1 overflow-y-auto rounded-xl border border-line p-3 text-sm">
          {report.lines.map((line) => (
            <li key={line.key} className={line.refused ? 'text-wine-700' : undefined}>
              <span className="font-semibold">
                {line.row} · {line.name}:
              </span>{' '}
              {line.note}
            </li>
          ))}
        </ul>
      )}
      {report.unchangedRows > 0 && (
        <p className="mt-4 text-xs text-muted">{report.unchangedRows === 1 ? '1 row' : `${report.unchangedRows} rows`} changed nothing.</p>
      )}
    </>
  );
}

/** The answer to an import, once: a dialog with scripts (after its toast), a section of the page without. */
export function ImportResult({ answer }: { answer: ImportAnswer | null }) {
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  // Closed by the admin; the next import's answer opens it again.
  const [closed, setClosed] = useState<ImportAnswer | null>(null);
  useEffect(() => {
    if (!answer?.ok) return;
    const summary = summaryOf(answer.result);
    if (answer.result.stockConflicts > 0) toast.warning(`${summary}; ${answer.result.stockConflicts} stock changes refused`);
    else toast.success(summary);
  }, [answer]);
  if (!answer || answer === closed) return null;
  // An export imported back unchanged has nothing to read beyond the toast.
  if (answer.ok && hydrated && importReport(answer.result.results).lines.length === 0) return null;
  return (
    <PageDialog
      title={answer.ok ? 'Import finished' : 'Nothing was imported'}
      width={answer.ok ? 'xl' : 'md'}
      closeHref={pathname + search}
      onClose={() => setClosed(answer)}
    >
      {answer.ok ? <Report result={answer.result} /> : <Refused failure={answer} />}
    </PageDialog>
  );
}

/**
 * CSV export (a download link) and import: a multipart form posted to the page's action. With scripts the file is
 * sent as soon as it is chosen; without, 'Import' sends it. The answer shows in ImportResult.
 */
export function CsvTools({ canExport }: { canExport: boolean }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'import';
  return (
    <>
      {/* Exports are the owner's (issue 40; the API refuses staff): staff see the import only. */}
      {canExport && (
        <a href={EXPORT_CSV_PATH} download="catalogue.csv" className="btn btn-outline px-4">
          <Download aria-hidden="true" className="h-4 w-4" />
          Export CSV
        </a>
      )}
      <Form method="post" encType="multipart/form-data" preventScrollReset className="contents">
        <input type="hidden" name="intent" value="import" />
        <label
          className={`btn btn-outline cursor-pointer px-4 focus-within:outline-2 focus-within:outline-wine-600 ${busy ? 'opacity-60' : ''}`}
        >
          <Upload aria-hidden="true" className="h-4 w-4" />
          {busy ? 'Importing...' : 'Import CSV'}
          <input
            type="file"
            name="file"
            accept=".csv,text/csv"
            className={hydrated ? 'sr-only' : 'max-w-48 text-xs'}
            disabled={busy}
            onChange={(event) => {
              if (hydrated && event.currentTarget.files?.length) void submit(event.currentTarget.form, { preventScrollReset: true });
            }}
          />
        </label>
        {!hydrated && (
          <button type="submit" className="btn btn-outline px-4">
            Import
          </button>
        )}
      </Form>
    </>
  );
}

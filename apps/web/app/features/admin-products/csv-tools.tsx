import { Download, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import { ApiError, errorMessage } from '../../lib/api-client';
import { EXPORT_CSV_PATH, importCsv } from './api';
import { Modal } from '../../components/modal';
import { importReport } from './csv-import-report';

/**
 * CSV export (a download link) and import: a refused file lists the server's row-numbered errors (nothing
 * written); an imported one lists per row what changed, and the stock changes refused because orders or edits
 * moved the stock since the export.
 */
export function CsvTools({ onImported }: { onImported: () => Promise<void> }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; rows: Array<[string, string]> } | null>(null);
  const [report, setReport] = useState<(ReturnType<typeof importReport> & { summary: string; conflicts: number }) | null>(null);

  async function upload(file: File) {
    setBusy(true);
    try {
      const result = await importCsv(file);
      const summary = `Imported ${result.rows} rows: ${result.created} new, ${result.updated} updated`;
      if (result.stockConflicts > 0) toast.warning(`${summary}; ${result.stockConflicts} stock changes refused`);
      else toast.success(summary);
      const rows = importReport(result.results);
      // An export imported back unchanged has nothing to read beyond the toast.
      if (rows.lines.length > 0) setReport({ ...rows, summary, conflicts: result.stockConflicts });
      await onImported();
    } catch (error) {
      const rows = error instanceof ApiError ? Object.entries(error.fields) : [];
      setFailure({ message: errorMessage(error, 'Import failed'), rows });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <>
      <a href={EXPORT_CSV_PATH} download="catalogue.csv" className="btn btn-outline px-4">
        <Download aria-hidden="true" className="h-4 w-4" />
        Export CSV
      </a>
      <label
        className={`btn btn-outline cursor-pointer px-4 focus-within:outline-2 focus-within:outline-wine-600 ${busy ? 'opacity-60' : ''}`}
      >
        <Upload aria-hidden="true" className="h-4 w-4" />
        {busy ? 'Importing...' : 'Import CSV'}
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          className="sr-only"
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
          }}
        />
      </label>
      {failure && (
        <Modal title="Nothing was imported" onClose={() => setFailure(null)}>
          <p role="alert" className="text-sm text-wine-700">
            {failure.message}
          </p>
          {failure.rows.length > 0 && (
            <ul className="mt-4 max-h-72 space-y-1 overflow-y-auto rounded-xl border border-line p-3 text-sm">
              {failure.rows.map(([row, message]) => (
                <li key={row}>
                  <span className="font-semibold capitalize">{row}:</span> {message}
                </li>
              ))}
            </ul>
          )}
          <p className="mt-4 text-xs text-muted">Fix these rows in the file and import it again; the catalogue was not changed.</p>
        </Modal>
      )}
      {report && (
        <Modal title="Import finished" width="xl" onClose={() => setReport(null)}>
          <p className="text-sm text-ink">{report.summary}.</p>
          {report.conflicts > 0 && (
            <p role="alert" className="mt-2 text-sm font-medium text-wine-700">
              {report.conflicts === 1 ? '1 stock change was' : `${report.conflicts} stock changes were`} refused: the stock changed since
              the file was exported.
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
            <p className="mt-4 text-xs text-muted">
              {report.unchangedRows === 1 ? '1 row' : `${report.unchangedRows} rows`} changed nothing.
            </p>
          )}
        </Modal>
      )}
    </>
  );
}

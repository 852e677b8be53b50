import { Download, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import { ApiError, errorMessage } from '../../lib/api-client';
import { EXPORT_CSV_PATH, importCsv } from './api';
import { Modal } from '../../components/modal';

/** CSV export (a download link) and import (upload; the server's row-numbered errors listed, nothing written). */
export function CsvTools({ onImported }: { onImported: () => Promise<void> }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; rows: Array<[string, string]> } | null>(null);

  async function upload(file: File) {
    setBusy(true);
    try {
      const result = await importCsv(file);
      toast.success(`Imported ${result.rows} rows: ${result.created} new, ${result.updated} updated`);
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
    </>
  );
}

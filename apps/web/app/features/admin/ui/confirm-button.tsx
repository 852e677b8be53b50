import { useRef, useState, type ReactNode } from 'react';
import { useFetcher } from 'react-router';
import { useActionToast } from './use-action-toast';
import { Modal } from '../../../components/modal';

/**
 * A button that asks first ('Block this shopper?'), then posts `fields` to the page's action. The answer
 * shows as a toast; the page's data reloads by itself.
 */
export function ConfirmButton({
  label,
  title,
  message,
  confirmLabel,
  fields,
  success,
  tone = 'outline',
  className = '',
}: {
  label: ReactNode;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  fields: Record<string, string>;
  success: string;
  tone?: 'outline' | 'danger';
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher();
  // The message of what was submitted: the page reloads before the answer shows, and may by then offer the opposite (Block → Unblock).
  const submitted = useRef(success);
  useActionToast(
    fetcher,
    () => submitted.current,
    () => setOpen(false),
  );
  const busy = fetcher.state !== 'idle';
  return (
    <>
      <button
        type="button"
        className={`btn min-h-10 px-4 ${tone === 'danger' ? 'border border-wine-700 text-wine-700 hover:bg-wine-50' : 'btn-outline'} ${className}`}
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      {open && (
        <Modal title={title} onClose={() => setOpen(false)}>
          <div className="text-sm text-muted">{message}</div>
          <fetcher.Form
            method="post"
            onSubmit={() => (submitted.current = success)}
            className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
          >
            {Object.entries(fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button type="button" className="btn btn-outline" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? 'Saving...' : confirmLabel}
            </button>
          </fetcher.Form>
        </Modal>
      )}
    </>
  );
}

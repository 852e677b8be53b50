import { X } from 'lucide-react';
import { useId, useRef, type ReactNode } from 'react';
import { useModal } from '../lib/use-modal';

const WIDTHS = { md: 'max-w-lg', xl: 'max-w-xl', '3xl': 'max-w-3xl' } as const;

/** A dialog over the page: a title, a close button, Escape and focus handled by useModal. */
export function Modal({
  title,
  onClose,
  width = 'md',
  children,
}: {
  title: string;
  onClose: () => void;
  width?: keyof typeof WIDTHS;
  children: ReactNode;
}) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useModal(panel, onClose);
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-ink/50 p-0 sm:items-center sm:p-4" onClick={onClose}>
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onClick={(event) => event.stopPropagation()}
        className={`max-h-[92dvh] w-full overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl outline-none sm:rounded-2xl sm:p-6 ${WIDTHS[width]}`}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={titleId} className="font-display text-xl font-semibold text-ink">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            className="-m-2 rounded-full p-2 text-muted hover:bg-sand hover:text-ink"
            aria-label="Close"
          >
            <X aria-hidden="true" className="h-5 w-5" />
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}

/** Asks before something that cannot simply be undone (archive a product, cancel an order). */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  return (
    <Modal title={title} onClose={onClose}>
      <div className="text-sm text-muted">{message}</div>
      {children}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-outline" onClick={onClose}>
          Keep it
        </button>
        <button type="button" className="btn btn-primary" disabled={busy} onClick={onConfirm}>
          {busy ? 'Working...' : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

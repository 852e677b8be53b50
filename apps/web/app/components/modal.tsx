import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { CloseButton } from './close-button';

const WIDTHS = { md: 'sm:max-w-lg', xl: 'sm:max-w-xl', '3xl': 'sm:max-w-3xl' } as const;

/**
 * A dialog over the page, on the browser's own <dialog> (focus kept inside, Escape and the backdrop close it,
 * focus returns to the opener): a sheet from the bottom on a phone. Render it while it should be open.
 */
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
  const ref = useRef<HTMLDialogElement>(null);
  // Opened on mount; closed before React removes it, so focus goes back to the button that opened it.
  useLayoutEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog?.showModal();
    return () => {
      dialog?.close();
      opener?.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: the owner of the open state closes it, so React and the dialog agree.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => event.target === ref.current && onClose()}
      className={`fixed inset-x-0 bottom-0 top-auto m-0 max-h-[92dvh] w-full max-w-none overflow-y-auto rounded-t-2xl bg-white p-5 text-ink shadow-xl backdrop:bg-ink/50 sm:inset-0 sm:m-auto sm:h-fit sm:rounded-2xl sm:p-6 ${WIDTHS[width]}`}
    >
      <div className="mb-4 flex items-start justify-between gap-4">
        <h2 id={titleId} className="font-display text-xl font-semibold text-ink">
          {title}
        </h2>
        <CloseButton label="Close" onClick={onClose} className="-m-2 rounded-full p-2 text-muted hover:bg-sand hover:text-ink" />
      </div>
      {children}
    </dialog>
  );
}

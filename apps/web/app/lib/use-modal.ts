import { useEffect, type RefObject } from 'react';

/**
 * What every overlay needs while open: focus moves into it, Escape closes it, the page behind does not
 * scroll, and focus returns to where it was on close.
 */
export function useModal(focusTarget: RefObject<HTMLElement | null>, onClose: () => void): void {
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    focusTarget.current?.focus();
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = '';
      window.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [focusTarget, onClose]);
}

/**
 * Shows a <dialog> as the browser's own modal while `open` (focus moves in and stays, the page behind is inert,
 * Escape closes it, focus returns to the opener) and closes it otherwise.
 */
export function useModalDialog(ref: RefObject<HTMLDialogElement | null>, open: boolean): void {
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [ref, open]);
}

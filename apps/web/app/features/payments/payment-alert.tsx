import { CircleAlert } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';

export const PAYMENT_FAILED_TO_INITIATE = 'Payment failed to initiate';

/**
 * Spec §8's alert 'Payment failed to initiate', as a modal alert dialog rather than window.alert: screen
 * readers announce it, it can say why (e.g. 'Only 1 left of …') and offer a way on, and it does not block
 * the page's scripts. Focus goes to its button; Escape or the button closes it.
 */
export function PaymentAlert({ reason, actions, onClose }: { reason: string | null; actions?: ReactNode; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    return () => element.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-labelledby="payment-alert-title"
      aria-describedby={reason ? 'payment-alert-reason' : undefined}
      onClose={onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-sm rounded-2xl border border-line bg-white p-6 text-ink shadow-2xl backdrop:bg-ink/40"
    >
      <div className="flex items-start gap-3">
        <CircleAlert aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-wine-700" />
        <div>
          <h2 id="payment-alert-title" className="font-sans text-lg font-semibold">
            {PAYMENT_FAILED_TO_INITIATE}
          </h2>
          {reason && (
            <p id="payment-alert-reason" className="mt-1 text-sm text-muted">
              {reason}
            </p>
          )}
        </div>
      </div>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {actions}
        <button type="button" className="btn btn-primary" autoFocus onClick={() => dialog.current?.close()}>
          OK
        </button>
      </div>
    </dialog>
  );
}

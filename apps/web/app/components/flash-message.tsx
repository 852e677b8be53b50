import { useEffect } from 'react';
import type { Flash } from '../lib/flash';
import { toast } from '../lib/toast';
import { useHydrated } from './enhanced';

/**
 * What the last form's action said (lib/flash.server.ts). Once the scripts run it is a toast; before (or
 * without) them, a status line at the top of the page, so a plain HTML post still says what happened.
 */
export function FlashMessage({ flash }: { flash: Flash | null }) {
  const hydrated = useHydrated();
  useEffect(() => {
    if (flash && hydrated) toast[flash.kind](flash.message);
  }, [flash, hydrated]);
  if (!flash || hydrated) return null;
  return (
    <p
      role={flash.kind === 'error' ? 'alert' : 'status'}
      className={`mx-auto mt-3 w-[calc(100%-2rem)] max-w-3xl rounded-xl border px-4 py-3 text-sm font-medium ${
        flash.kind === 'error' ? 'border-wine-100 bg-wine-50 text-wine-800' : 'border-line bg-white text-ink'
      }`}
    >
      {flash.message}
    </p>
  );
}

/**
 * Toasts what an enhanced form's action answered (lib/flash.server.ts `done`): its `toast` on success, and, for a
 * form with no room for a message of its own (a button), its failure's message.
 */
export function useAnswerToast(answer: unknown, { failures = false }: { failures?: boolean } = {}) {
  useEffect(() => {
    if (typeof answer !== 'object' || answer === null) return;
    const { toast: said, ok, error } = answer as { toast?: Flash; ok?: boolean; error?: string | null };
    if (said) toast[said.kind](said.message);
    else if (failures && ok === false && error) toast.error(error);
  }, [answer, failures]);
}

import { useEffect } from 'react';
import type { Failure } from '../lib/failure';
import { toast } from '../lib/toast';
import { useHydrated } from './enhanced';

/**
 * The message for the whole form of a refused submission (ADR 026): one component for every form, placed at
 * the top of the form, announced to screen readers. Messages for one field sit beside that field (FormField's
 * `error`); a message repeated beside its field is not shown here again. Once the scripts run, the failure is
 * also an error toast, as spec §8 has every failure (each answer once: a new answer is a new object).
 */
export function FormFailure({ failure, className = '' }: { failure: Failure | null | undefined; className?: string }) {
  const hydrated = useHydrated();
  const message = failure?.error;
  useEffect(() => {
    if (hydrated && message) toast.error(message);
  }, [failure, message, hydrated]);
  if (!message) return null;
  const inline = Object.values(failure.fields).some((text) => message === text || message.endsWith(`: ${text}`));
  if (inline) return null;
  return (
    <p role="alert" className={`rounded-xl border border-wine-100 bg-wine-50 px-4 py-3 text-sm font-medium text-wine-800 ${className}`}>
      {message}
    </p>
  );
}

import { useEffect, useRef } from 'react';
import { toast } from './toast';

interface ActionAnswer {
  ok: boolean;
  error?: string;
}

/**
 * Shows a fetcher's answer once when it arrives: the success toast (and `onSuccess`), or the server's
 * message as an error toast. Answers the refused submission's per-field messages for the form.
 */
export function useActionToast(
  fetcher: { state: string; data?: unknown },
  success: string | ((data: unknown) => string),
  onSuccess?: (data: unknown) => void,
) {
  const shown = useRef<unknown>(undefined);
  const answer = fetcher.data as (ActionAnswer & { data?: unknown; fields?: Record<string, string> }) | undefined;
  useEffect(() => {
    if (fetcher.state !== 'idle' || !answer || shown.current === answer) return;
    shown.current = answer;
    if (answer.ok) {
      toast.success(typeof success === 'string' ? success : success(answer.data));
      onSuccess?.(answer.data);
    } else toast.error(answer.error || 'An unknown error occurred.');
  }, [fetcher.state, answer, success, onSuccess]);
  return answer && !answer.ok ? (answer.fields ?? {}) : {};
}

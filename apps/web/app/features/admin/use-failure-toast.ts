import { useEffect } from 'react';
import type { Failure } from '../../lib/failure';
import { toast } from '../../lib/toast';

/**
 * Toasts a refused form's own message once per answer (spec §8: admin login and signup failures are a toast as
 * well as red text); a message that only repeats one shown beside its field is not toasted. `unshown` names fields
 * the form has no input for (a hidden invite token), whose messages are the form's own.
 */
export function useFailureToast(failure: Failure | null, ...unshown: string[]) {
  const hidden = unshown.join(',');
  useEffect(() => {
    const message = failure?.error;
    if (!message) return;
    const unshownFields = new Set(hidden.split(','));
    const inline = Object.entries(failure.fields).some(
      ([name, text]) => !unshownFields.has(name) && (message === text || message.endsWith(`: ${text}`)),
    );
    if (!inline) toast.error(message);
  }, [failure, hidden]);
}

import { useSyncExternalStore } from 'react';
import { ENHANCED_FIELD } from '../lib/flash';

const noSubscription = () => () => {};

/**
 * True once the page's scripts have run: false in the server's HTML and while React hydrates it, then true. A
 * component first shown after hydration (a dialog opened later) is true from its first render, so it never
 * draws its without-scripts form for a moment (a file chosen in that moment would be lost).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * Put inside a form whose action answers differently with and without scripts (lib/flash.server.ts `done`):
 * present only once the scripts run, so a plain HTML post (no scripts yet) gets a redirect back to the page
 * with a message, and an enhanced one stays on the page with the data.
 */
export function Enhanced() {
  return useHydrated() ? <input type="hidden" name={ENHANCED_FIELD} value="1" /> : null;
}

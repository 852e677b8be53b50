import { useEffect, useState } from 'react';
import { ENHANCED_FIELD } from '../lib/flash';

/** True once the page's scripts have run (false in the server's HTML and on the first render in the browser). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * Put inside a form whose action answers differently with and without scripts (lib/flash.server.ts `done`):
 * present only once the scripts run, so a plain HTML post (no scripts yet) gets a redirect back to the page
 * with a message, and an enhanced one stays on the page with the data.
 */
export function Enhanced() {
  return useHydrated() ? <input type="hidden" name={ENHANCED_FIELD} value="1" /> : null;
}

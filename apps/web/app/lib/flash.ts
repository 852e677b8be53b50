// A message for the page the shopper lands on after a form (see flash.server.ts); shared by server and browser.

export type FlashKind = 'success' | 'error' | 'info';
export interface Flash {
  kind: FlashKind;
  message: string;
}

/** The hidden field an enhanced form adds once the scripts run (components/enhanced.tsx). */
export const ENHANCED_FIELD = '_enhanced';

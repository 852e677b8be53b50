import { parseCookie, stringifySetCookie } from 'cookie';
import { redirect, data } from 'react-router';
import { ENHANCED_FIELD, type Flash, type FlashKind } from './flash';

// A message for the next page (ADR 026): an action that has done its work redirects (post → redirect → get),
// and the page it leads to says what happened — as a toast when the scripts run, as a status line in the
// server's HTML when they do not. The message rides in a short-lived cookie read and cleared by the root
// middleware on the next page request.

export const FLASH_COOKIE = 'flash';

const KINDS: readonly FlashKind[] = ['success', 'error', 'info'];
const MAX_MESSAGE = 300;

const flashCookie = (value: string, maxAge: number) =>
  stringifySetCookie({ name: FLASH_COOKIE, value, path: '/', httpOnly: true, sameSite: 'lax', maxAge });

/** The Set-Cookie header value carrying a message to the next page. */
export const flashHeader = (flash: Flash) =>
  flashCookie(JSON.stringify({ kind: flash.kind, message: flash.message.slice(0, MAX_MESSAGE) }), 60);

/** The Set-Cookie header value that clears the message once a page has shown it. */
export const clearFlashHeader = () => flashCookie('', 0);

/** The message the request carries, if a well-formed one (anything else is ignored). */
export function readFlash(request: Request): Flash | null {
  const header = request.headers.get('cookie');
  const raw = header ? parseCookie(header)[FLASH_COOKIE] : undefined;
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Flash>;
    if (typeof parsed.message !== 'string' || !parsed.message || !KINDS.includes(parsed.kind as FlashKind)) return null;
    return { kind: parsed.kind as FlashKind, message: parsed.message.slice(0, MAX_MESSAGE) };
  } catch {
    return null;
  }
}

/** Redirects to `to` with a message for the page there. */
export const redirectWithFlash = (to: string, flash: Flash, init: { headers?: HeadersInit } = {}) => {
  const headers = new Headers(init.headers);
  headers.append('set-cookie', flashHeader(flash));
  return redirect(to, { headers });
};

/**
 * An action's success answer for a form that may be posted with or without scripts: with them (the form sent
 * the `_enhanced` field, see <Enhanced />), the page stays and the data (with its toast) goes to the form;
 * without, a plain HTML post, the browser goes back to `back` with the message.
 */
export function done<T extends object>(form: FormData, back: string, flash: Flash, answer?: T) {
  if (form.get(ENHANCED_FIELD) === '1') return data({ ok: true as const, toast: flash, ...(answer ?? ({} as T)) });
  return redirectWithFlash(back, flash);
}

/**
 * Where a plain HTML post goes back to: the form's `_back` field when it is a path on this site, else the page it
 * was posted from (Referer, same origin only), else `fallback`.
 */
export function backTo(request: Request, form: FormData, fallback: string): string {
  const own = new URL(request.url);
  const candidates = [form.get('_back'), request.headers.get('referer')];
  for (const candidate of candidates) {
    if (typeof candidate !== 'string' || !candidate) continue;
    try {
      const url = new URL(candidate, own);
      if (url.origin === own.origin) return url.pathname + url.search;
    } catch {
      // not a URL: try the next
    }
  }
  return fallback;
}

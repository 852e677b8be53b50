import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers (nosniff, frame options, referrer and cross-origin policies…) as a fixed table, worked out
 * once at start-up: they depend on the options, never on the request, so every answer copies the table
 * instead of running helmet's dozen middlewares per request (the Fastify plugin does, a few microseconds each
 * on the catalogue's hottest calls).
 */
export function securityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  // helmet() throws on options it refuses; its middlewares only set and remove headers.
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return Object.freeze(headers);
}

/**
 * Headers that only mean something on a document a browser renders (a page): process isolation, DNS prefetch,
 * old Internet Explorer and Flash switches. JSON answers leave them out (OWASP's REST guidance sends nosniff,
 * frame and resource policies, HSTS and a deny-all CSP); every API answer is smaller by their bytes.
 */
const DOCUMENT_ONLY = new Set([
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]);

/** The headers of `headers` that API (JSON) answers keep. */
export function apiHeaders(headers: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  return Object.freeze(Object.fromEntries(Object.entries(headers).filter(([name]) => !DOCUMENT_ONLY.has(name))));
}

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

import type { Transport } from '../../payments/razorpay/razorpay-client.js';

/** What injectTransport needs of a Fastify app; any FastifyInstance fits. */
export interface InjectTarget {
  inject(options: {
    method: 'GET' | 'POST';
    url: string;
    headers: Record<string, string>;
    payload?: string;
  }): Promise<{ statusCode: number; body: string }>;
}

/**
 * A transport that hands each request to `app.inject()`: the full HTTP handling of the app (routing, auth
 * header, JSON parsing, status codes) without a socket, so it works before or without `listen()`. Only the
 * path and query of the URL are used.
 */
export function injectTransport(app: InjectTarget): Transport {
  return async ({ method, url, headers, body }) => {
    const { pathname, search } = new URL(url);
    const response = await app.inject({ method, url: pathname + search, headers, ...(body === undefined ? {} : { payload: body }) });
    return { status: response.statusCode, body: response.body };
  };
}

import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  /** Path and query, e.g. `/v1/orders`. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A JSON body (objects are serialised) or raw text, with a status; or 'hang' to never answer. */
export type FakeAnswer = { status: number; body: unknown } | 'hang';

export interface RazorpayFake {
  /** Base URL to use as RAZORPAY_API_BASE, e.g. `http://127.0.0.1:40123`. */
  url: string;
  /** Every request received, oldest first. */
  requests: FakeRequest[];
  /** Replaces how the fake answers. */
  answer(next: (request: FakeRequest) => FakeAnswer): void;
  close(): Promise<void>;
}

/**
 * A stand-in for api.razorpay.com on 127.0.0.1 and a free port, answering whatever the test says: point
 * RAZORPAY_API_BASE (or the client's apiBase) at `fake.url` with any keys set. For timeouts answer 'hang'.
 */
export async function startRazorpayFake(answer: (request: FakeRequest) => FakeAnswer = () => 'hang'): Promise<RazorpayFake> {
  let respond = answer;
  const requests: FakeRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request = {
        method: incoming.method ?? 'GET',
        url: incoming.url ?? '/',
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      const answered = respond(request);
      if (answered === 'hang') return;
      const text = typeof answered.body === 'string' ? answered.body : JSON.stringify(answered.body);
      outgoing.writeHead(answered.status, { 'content-type': typeof answered.body === 'string' ? 'text/plain' : 'application/json' });
      outgoing.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer: (next) => {
      respond = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

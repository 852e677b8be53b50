import type { FastifyInstance } from 'fastify';
import type { Readiness } from '../health/readiness.js';

/** Readiness's reason while an instance stops (GET /api/health/ready answers 503 with it). */
export const STOPPING_REASON = 'This instance is stopping.';
/** While closing, how often connections whose answer is out are closed. */
const IDLE_SWEEP_MS = 100;

/**
 * An instance's way out of a load balancer's rotation (issue 39): on SIGTERM it turns unready at once but keeps
 * serving for a grace period, and every answer from then on closes its connection. nginx keeps idle connections to
 * each instance (keepalive) and never repeats a POST once it has written it: were the instance to close its
 * listener and those connections at once, a request written onto one at that moment would be a 502. After the
 * grace nginx holds (almost) no connection to the instance; a new one is refused, which nginx repeats elsewhere.
 */
export interface Draining {
  readonly stopping: boolean;
  /** From now on readiness is 503 and every answer carries `Connection: close`; requests are still served. */
  begin(): void;
  /** `check`, but not ready while stopping. */
  guard(check: () => Promise<Readiness>): () => Promise<Readiness>;
}

export function createDraining(): Draining {
  let stopping = false;
  return {
    get stopping() {
      return stopping;
    },
    begin() {
      stopping = true;
    },
    guard: (check) => async () => (stopping ? { ready: false, reason: STOPPING_REASON } : check()),
  };
}

/** Every answer sent while draining closes its connection, requests that began before the drain included. */
export function registerDraining(app: FastifyInstance, draining: Draining): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining.stopping) void reply.header('connection', 'close');
    done(null, payload);
  });
}

/**
 * Stops serving: unready at once, answers for `graceMs` more, then stops listening and waits for the requests in
 * flight. A request still running when the listener closes is answered `Connection: close`, and connections are
 * swept as their answers go out (a client that never reads its body would otherwise hold one open).
 */
export async function drainAndClose(app: FastifyInstance, draining: Draining, graceMs: number): Promise<void> {
  draining.begin();
  if (graceMs > 0) await new Promise((resolve) => setTimeout(resolve, graceMs));
  const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  sweep.unref();
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
  }
}

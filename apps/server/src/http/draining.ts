import type { FastifyInstance } from 'fastify';
import type { Readiness } from '../health/readiness.js';

/** Readiness's reason while an instance stops (GET /api/health/ready answers 503 with it). */
export const STOPPING_REASON = 'This instance is stopping.';
/** While closing, how often connections whose answer is out are closed. */
const IDLE_SWEEP_MS = 100;
/** nginx's max_fails in the guide's upstream: the 503s after which it leaves the instance alone for fail_timeout. */
export const SHED_FAILURES = 2;
/** The longest the instance sheds before it stops listening anyway (with no traffic there is nothing to shed). */
export const SHED_MS = 2_000;
/** After nginx's last counted failure, how long the instance still accepts (connections nginx opened just before). */
const SHED_SETTLE_MS = 500;
/** Methods nginx sends to the next instance on a 503 (never POST, LOCK, PATCH). */
const REPEATABLE = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/**
 * An instance's way out of a load balancer's rotation (issue 39): on SIGTERM it turns unready at once but keeps
 * serving for a grace period, and every answer from then on closes its connection. nginx keeps idle connections to
 * each instance (keepalive) and never repeats a POST once it has written it: were the instance to close those
 * connections, a request written onto one at that moment would be a 502. During the grace nginx closes its idle
 * ones itself (the guide's upstream `keepalive_timeout` is shorter than STOP_GRACE_SECONDS) and the instance closes
 * each one it answers. Last, the instance sheds: requests nginx may repeat are answered 503, which nginx sends to
 * the next instance and counts as failures, until it has marked the instance failed (max_fails) and sends it
 * nothing more. Only then does the listener close: a connection nginx opened a moment before would otherwise wait
 * in the kernel's queue, unaccepted, with a POST written on it, and be reset.
 */
export interface Draining {
  readonly stopping: boolean;
  /** From now on readiness is 503 and every answer carries `Connection: close`; requests are still served. */
  begin(): void;
  /** `check`, but not ready while stopping. */
  guard(check: () => Promise<Readiness>): () => Promise<Readiness>;
  /** From now on a request nginx may repeat is answered 503; resolves after `failures` of them, or `ms`. */
  shed(failures: number, ms: number): Promise<void>;
  /** Whether this request is answered 503 (and counted). */
  refuses(method: string): boolean;
}

export function createDraining(): Draining {
  let stopping = false;
  let shedding: { left: number; done: () => void } | null = null;
  return {
    get stopping() {
      return stopping;
    },
    begin() {
      stopping = true;
    },
    guard: (check) => async () => (stopping ? { ready: false, reason: STOPPING_REASON } : check()),
    shed(failures, ms) {
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => shedding?.done(), ms);
        shedding = {
          left: failures,
          done: () => {
            clearTimeout(timer);
            resolve();
          },
        };
      });
    },
    refuses(method) {
      if (!shedding || !REPEATABLE.has(method)) return false;
      // nginx has marked the instance failed; connections it opened a moment before are still accepted and answered.
      if (--shedding.left === 0) setTimeout(shedding.done, SHED_SETTLE_MS);
      return true;
    },
  };
}

/** Every answer sent while draining closes its connection, requests that began before the drain included. */
export function registerDraining(app: FastifyInstance, draining: Draining): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (!draining.refuses(request.method)) return done();
    void reply.status(503).header('retry-after', '5').send({ success: false, error: STOPPING_REASON });
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining.stopping) void reply.header('connection', 'close');
    done(null, payload);
  });
}

/**
 * Stops serving: unready at once, answers for `graceMs` more, then stops accepting connections and waits for the
 * requests in flight. A connection accepted just before may have its request on the way (nginx connects, then
 * writes): Node counts it busy, and Fastify answers the request (its 503 while closing, which nginx would not send
 * elsewhere for a POST, is off in app.ts). Connections are swept as their answers go out.
 */
export async function drainAndClose(app: FastifyInstance, draining: Draining, graceMs: number): Promise<void> {
  draining.begin();
  if (graceMs > 0) {
    await sleep(graceMs);
    await draining.shed(SHED_FAILURES, SHED_MS);
  }
  const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  sweep.unref();
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the pool of database connections is doing (PostgreSQL only; PGlite has one in-process connection). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * The shop's Prometheus metrics, one registry per process (tests make their own): Node's own (event-loop lag,
 * memory, GC), request durations, the database pool, and the shop's counters, all prefixed `shop_`. Served on
 * METRICS_PORT only (metrics/server.ts), never on the public port.
 */
export function createMetrics(options: { defaultMetrics?: boolean } = {}) {
  const registry = new Registry();
  // Event-loop lag (nodejs_eventloop_lag_*), heap and resident memory, GC, handles: prom-client's own.
  if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const registers = [registry];

  let poolStats: (() => PoolStats | null) | null = null;
  let mailPending: (() => Promise<number>) | null = null;

  return {
    registry,
    httpRequestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    orderStatusChanges: new Counter({
      name: 'shop_order_status_changes_total',
      help: 'Orders moved into a status by the state machine (paid, packed, shipped, cancelled, refunded…)',
      labelNames: ['to'] as const,
      registers,
    }),
    payments: new Counter({
      name: 'shop_payments_total',
      help: 'Payments by outcome: captured (an order paid) or failed (Razorpay reported a failure)',
      labelNames: ['outcome'] as const,
      registers,
    }),
    refunds: new Counter({
      name: 'shop_refunds_total',
      help: 'Refunds by state: requested from Razorpay, processed (money back), failed',
      labelNames: ['state'] as const,
      registers,
    }),
    reconciliationActions: new Counter({
      name: 'shop_reconciliation_actions_total',
      help: 'What reconciliation did to unpaid orders past their reservation: paid, expired, skipped (Razorpay unreachable)',
      labelNames: ['action'] as const,
      registers,
    }),
    mails: new Counter({
      name: 'shop_mails_total',
      help: 'Mail by event: queued, sent, failed (an attempt; retried), dropped (expired unsent)',
      labelNames: ['event'] as const,
      registers,
    }),
    bills: new Counter({ name: 'shop_bills_total', help: 'In-store bills saved at the counter', registers }),
    shipmentBookings: new Counter({
      name: 'shop_shipment_bookings_total',
      help: 'Parcels booked through the shipping provider by outcome: booked, failed (the order stays paid)',
      labelNames: ['outcome'] as const,
      registers,
    }),
    shipmentBookingFailures: new Counter({
      name: 'shop_shipment_booking_failures_total',
      help: "Parcel bookings that failed, by reason: Shiprocket's HTTP status (http_422, http_500...), timeout, network, refused (by the shop)",
      labelNames: ['reason'] as const,
      registers,
    }),
    trackingPolls: new Counter({
      name: 'shop_tracking_polls_total',
      help: 'Parcels with no scan for a day polled by the tracking reconciliation: applied (scans found), no_scans, failed',
      labelNames: ['outcome'] as const,
      registers,
    }),
    trackingScans: new Counter({
      name: 'shop_tracking_scans_total',
      help: "Tracking webhook scans by the provider's status label (PICKED UP, DELIVERED...), and unknown AWBs",
      labelNames: ['status'] as const,
      registers,
    }),
    /** Reads the pool's state at each scrape. */
    watchPool(stats: () => PoolStats | null) {
      poolStats = stats;
    },
    /** Reads the outbox's backlog at each scrape. */
    watchMailBacklog(pending: () => Promise<number>) {
      mailPending = pending;
    },
    gauges: [
      new Gauge({
        name: 'shop_db_pool_connections',
        help: 'Database connections: total open, idle, and requests waiting for one',
        labelNames: ['state'] as const,
        registers,
        collect() {
          const stats = poolStats?.();
          if (!stats) return;
          this.set({ state: 'total' }, stats.total);
          this.set({ state: 'idle' }, stats.idle);
          this.set({ state: 'waiting' }, stats.waiting);
        },
      }),
      new Gauge({
        name: 'shop_mail_outbox_pending',
        help: 'Mail queued and not yet sent nor dropped',
        registers,
        async collect() {
          if (mailPending) this.set(await mailPending().catch(() => -1));
        },
      }),
    ],
  };
}

export type ShopMetrics = ReturnType<typeof createMetrics>;

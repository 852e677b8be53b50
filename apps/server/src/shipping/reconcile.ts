import type { Db } from '../db/database.js';
import type { createMetrics } from '../metrics/metrics.js';
import type { ShippingProvider } from './provider.js';
import { claimStaleShipments } from './queries.js';
import type { ShippingLog } from './service.js';
import { FINISHED } from './statuses.js';

/** Advisory-lock key of the tracking reconciliation job: one instance at a time polls the provider. */
export const TRACKING_RECONCILIATION_LOCK_KEY = 7_302_026_042;
/** How often the job looks for stale parcels (each is polled at most once a day). */
export const TRACKING_RECONCILIATION_INTERVAL_MS = 15 * 60_000;
/** A parcel on its way with no scan for this long is polled. */
export const STALE_AFTER_MS = 86_400_000;
/** Parcels polled per round, so a long outage's backlog is worked through over several rounds. */
const POLLS_PER_ROUND = 50;

export type TrackingReconciliationTally = {
  /** Parcels whose scans were asked for. */
  polled: number;
  /** Parcels whose polled scans were applied (each scan kept once: a scan the webhook brought changes nothing). */
  applied: number;
  /** Parcels the provider could not answer for: polled again a day later. */
  failed: number;
};

/**
 * The tracking reconciliation (issue 42): a parcel still on its way with no scan for a day (a webhook lost, or never
 * sent) is polled with `GET courier/track/awb/{awb}`, and the answer's `tracking_data` becomes a tracking event
 * applied exactly as the webhook's (`apply`: the same code path, so each scan is kept once and the order moves once).
 * Each parcel is claimed before it is polled (its `polled_at`, written as it is picked, FOR UPDATE SKIP LOCKED), and
 * the job runs under an advisory lock, so two instances never poll one parcel.
 */
export function createTrackingReconciliation(
  db: Db,
  deps: {
    provider: ShippingProvider | null;
    now: () => Date;
    log: ShippingLog;
    metrics?: Pick<ReturnType<typeof createMetrics>, 'trackingPolls'>;
    apply: (event: Record<string, unknown>) => Promise<unknown>;
  },
) {
  const { provider, now, log, metrics, apply } = deps;
  return {
    async round(): Promise<TrackingReconciliationTally> {
      const tally: TrackingReconciliationTally = { polled: 0, applied: 0, failed: 0 };
      if (!provider) return tally;
      const at = now();
      const stale = await claimStaleShipments(db, {
        staleBefore: new Date(at.getTime() - STALE_AFTER_MS),
        at,
        limit: POLLS_PER_ROUND,
        finished: FINISHED,
      });
      for (const shipment of stale) {
        tally.polled += 1;
        try {
          const tracked = await provider.client.track(shipment.awb);
          if (tracked.activities.length === 0) {
            metrics?.trackingPolls.inc({ outcome: 'no_scans' });
            continue;
          }
          // Oldest first, as the webhook lists its scans (courier/track/awb answers newest first).
          const scans = [...tracked.activities].reverse().sort((a, b) => a.date.localeCompare(b.date));
          const newest = scans.at(-1)!;
          await apply({
            awb: shipment.awb,
            ...(tracked.shipmentStatus === null ? {} : { shipment_status_id: tracked.shipmentStatus }),
            current_status: newest['sr-status-label'],
            current_timestamp: newest.date,
            scans,
          });
          metrics?.trackingPolls.inc({ outcome: 'applied' });
          tally.applied += 1;
        } catch (error) {
          metrics?.trackingPolls.inc({ outcome: 'failed' });
          tally.failed += 1;
          log.warn(
            { awb: shipment.awb, error: error instanceof Error ? error.message : String(error) },
            'tracking poll failed; polled again tomorrow',
          );
        }
      }
      return tally;
    },
  };
}

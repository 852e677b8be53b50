import { randomUUID } from 'node:crypto';

/**
 * Notices that the catalogue changed (a product, variant, photo, price or stock), so every cache of it can
 * forget what is stale. Writers publish; caches subscribe. Connected to a transport (PostgreSQL
 * NOTIFY/LISTEN, see connect), a notice reaches the caches of every instance on the same database.
 */
export interface CatalogueChanges {
  /** `productIds` empty: anything may have changed (categories, a bulk load). */
  publish(productIds?: readonly string[]): void;
  subscribe(listener: (productIds: readonly string[]) => void): () => void;
  /** Sends this instance's notices to the others and hands theirs to this instance's listeners. */
  connect(transport: ChangeTransport): Promise<() => Promise<void>>;
}

/** A channel shared by every instance: PostgreSQL's NOTIFY and LISTEN (Database.notify / Database.listen). */
export interface ChangeTransport {
  send(payload: string): Promise<void>;
  /** Calls `onPayload` for every notice, this instance's own included; `onGap` when notices may have been lost. */
  listen(onPayload: (payload: string) => void, onGap: () => void): Promise<() => Promise<void>>;
  /** Where a failed send is reported (the caches' short TTL is the fallback). */
  onError?: (error: unknown) => void;
}

/** NOTIFY payloads must stay under 8,000 bytes: past this many ids, the notice says 'anything changed'. */
const MAX_IDS_PER_NOTICE = 150;

interface Notice {
  from: string;
  ids: string[];
}

export function createCatalogueChanges(): CatalogueChanges {
  const listeners = new Set<(productIds: readonly string[]) => void>();
  const instance = randomUUID();
  let transport: ChangeTransport | null = null;
  const deliver = (productIds: readonly string[]) => {
    for (const listener of listeners) listener(productIds);
  };
  return {
    publish(productIds = []) {
      deliver(productIds);
      if (!transport) return;
      const notice: Notice = { from: instance, ids: productIds.length > MAX_IDS_PER_NOTICE ? [] : [...productIds] };
      transport.send(JSON.stringify(notice)).catch((error: unknown) => transport?.onError?.(error));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async connect(channel) {
      const stop = await channel.listen(
        (payload) => {
          const notice = parseNotice(payload);
          // Our own notices were delivered when published; a payload we cannot read clears everything.
          if (notice?.from === instance) return;
          deliver(notice?.ids ?? []);
        },
        () => deliver([]),
      );
      transport = channel;
      return async () => {
        transport = null;
        await stop();
      };
    },
  };
}

function parseNotice(payload: string): Notice | null {
  try {
    const value: unknown = JSON.parse(payload);
    if (typeof value !== 'object' || value === null) return null;
    const { from, ids } = value as Partial<Notice>;
    if (typeof from !== 'string' || !Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) return null;
    return { from, ids };
  } catch {
    return null;
  }
}

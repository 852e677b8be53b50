/**
 * Notices that the catalogue changed (a product, variant, photo, price or stock), so every cache of it can
 * forget what is stale. Writers publish; caches subscribe. Today the notice stays in this process.
 */
export interface CatalogueChanges {
  /** `productIds` empty: anything may have changed (categories, a bulk load). */
  publish(productIds?: readonly string[]): void;
  subscribe(listener: (productIds: readonly string[]) => void): () => void;
}

export function createCatalogueChanges(): CatalogueChanges {
  const listeners = new Set<(productIds: readonly string[]) => void>();
  return {
    publish(productIds = []) {
      for (const listener of listeners) listener(productIds);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

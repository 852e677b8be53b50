import { useSyncExternalStore } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { RootLoaderData } from '../../root';

/**
 * Which products the shopper saved, for the hearts on every page. The root loader sends the saved ids
 * with each page; a heart toggled since then is remembered here, in the browser only (the root loader
 * does not run again on every navigation), so every heart on every page agrees. Keyed by shopper, so
 * another account signing in on the same tab starts from the server's answer.
 */
const toggled = new Map<string, boolean>();
const listeners = new Set<() => void>();
let version = 0;

const key = (userId: string, productId: string) => `${userId}:${productId}`;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Records a heart's new state (called only from event handlers, so never on the server). */
export function rememberSaved(userId: string, productId: string, saved: boolean) {
  toggled.set(key(userId, productId), saved);
  version += 1;
  for (const listener of listeners) listener();
}

/** Whether the shopper saved the product, as the server said or as she toggled it since. */
export function savedState(userId: string, productId: string, fromServer: readonly string[]): boolean {
  return toggled.get(key(userId, productId)) ?? fromServer.includes(productId);
}

/** The signed-in shopper's saved state of a product (false when signed out). */
export function useIsSaved(productId: string): boolean {
  const root = useRouteLoaderData<RootLoaderData>('root');
  useSyncExternalStore(
    subscribe,
    () => version,
    () => 0,
  );
  return root?.user ? savedState(root.user._id, productId, root.wishlist) : false;
}

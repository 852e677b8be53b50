import { MAX_QUANTITY_PER_LINE, isUuid, type GuestCartLine } from '@shop/core';
import { useSyncExternalStore } from 'react';

// A signed-out shopper's cart, kept in localStorage in the account cart's line shape ({productId, variantId?,
// quantity}) so it can be merged into the account at login as it is.

const KEY = 'saanjh.cart';
const EMPTY: readonly GuestCartLine[] = Object.freeze([]);
const listeners = new Set<() => void>();

let cachedRaw: string | null = null;
let cachedLines: readonly GuestCartLine[] = EMPTY;

/**
 * A line as the account cart takes it (guestCartLineSchema's rules), checked by hand: this runs on every page,
 * which should not load zod for three fields.
 */
export function isGuestCartLine(value: unknown): value is GuestCartLine {
  if (typeof value !== 'object' || value === null) return false;
  const { productId, variantId, quantity } = value as Record<string, unknown>;
  return (
    typeof productId === 'string' &&
    isUuid(productId) &&
    (variantId === undefined || (typeof variantId === 'string' && isUuid(variantId))) &&
    typeof quantity === 'number' &&
    Number.isInteger(quantity) &&
    quantity >= 1 &&
    quantity <= MAX_QUANTITY_PER_LINE
  );
}

const storage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be switched off (private modes, policies): the cart is then simply empty.
    return null;
  }
};

/** The lines in the browser; anything unreadable is dropped rather than trusted. */
export function readGuestCart(): readonly GuestCartLine[] {
  const raw = storage()?.getItem(KEY) ?? null;
  if (raw === cachedRaw) return cachedLines;
  cachedRaw = raw;
  let parsed: unknown = [];
  try {
    parsed = raw ? JSON.parse(raw) : [];
  } catch {
    parsed = [];
  }
  cachedLines = Array.isArray(parsed)
    ? parsed.flatMap((line) =>
        // Only the three fields, whatever else was stored.
        isGuestCartLine(line)
          ? [{ productId: line.productId, ...(line.variantId ? { variantId: line.variantId } : {}), quantity: line.quantity }]
          : [],
      )
    : EMPTY;
  return cachedLines;
}

function write(lines: readonly GuestCartLine[]) {
  const store = storage();
  if (!store) return;
  if (lines.length === 0) store.removeItem(KEY);
  else store.setItem(KEY, JSON.stringify(lines));
  listeners.forEach((listener) => listener());
}

const sameLine = (line: GuestCartLine, productId: string, variantId: string | undefined) =>
  line.productId === productId && (line.variantId ?? null) === (variantId ?? null);

/**
 * Adds pieces to the browser cart, never beyond the per-line limit or `available`. Answers the line's
 * quantity before and after, so the caller can tell the shopper when nothing more fitted.
 */
export function addToGuestCart(line: { productId: string; variantId?: string | undefined; quantity: number }, available: number) {
  const lines = readGuestCart();
  const existing = lines.find((item) => sameLine(item, line.productId, line.variantId));
  const before = existing?.quantity ?? 0;
  const after = Math.min(before + line.quantity, MAX_QUANTITY_PER_LINE, Math.max(available, before));
  if (after > before) {
    const next: GuestCartLine = { productId: line.productId, quantity: after, ...(line.variantId ? { variantId: line.variantId } : {}) };
    write(existing ? lines.map((item) => (item === existing ? next : item)) : [...lines, next]);
  }
  return { before, after };
}

export function setGuestQuantity(productId: string, variantId: string | undefined, quantity: number) {
  const clamped = Math.max(1, Math.min(MAX_QUANTITY_PER_LINE, Math.round(quantity)));
  write(readGuestCart().map((line) => (sameLine(line, productId, variantId) ? { ...line, quantity: clamped } : line)));
}

export function removeFromGuestCart(productId: string, variantId: string | undefined) {
  write(readGuestCart().filter((line) => !sameLine(line, productId, variantId)));
}

export function clearGuestCart() {
  write(EMPTY);
}

export const guestCartCount = (lines: readonly GuestCartLine[]) => lines.reduce((sum, line) => sum + line.quantity, 0);

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed the cart.
  const onStorage = (event: StorageEvent) => (event.key === KEY || event.key === null) && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The browser cart, live; empty on the server and during hydration, so the first render matches the HTML. */
export const useGuestCart = (): readonly GuestCartLine[] => useSyncExternalStore(subscribe, readGuestCart, () => EMPTY);

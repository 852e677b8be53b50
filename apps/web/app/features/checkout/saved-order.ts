import { shippingFee, type CartLine } from '@shop/core';
import { useSyncExternalStore } from 'react';
import { z } from 'zod';

// Spec §3 'saved order': what the shopper is buying (the products and the chosen address id), carried from
// the cart through checkout to payment in session storage. The server prices it again at createpayment.

const KEY = 'saanjh.order';

const savedOrderSchema = z.object({
  products: z.array(z.object({ id: z.string(), variant: z.string().nullable() })),
  addressId: z.string().nullable(),
  /** The addresses there were when the shopper left to add one: the new one is chosen on return. */
  addressIdsBefore: z.array(z.string()).optional(),
});
export type SavedOrder = z.infer<typeof savedOrderSchema>;

const session = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
};

const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cached: SavedOrder | null = null;

export function readSavedOrder(): SavedOrder | null {
  const raw = session()?.getItem(KEY) ?? null;
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  try {
    const checked = savedOrderSchema.safeParse(JSON.parse(raw ?? 'null'));
    cached = checked.success ? checked.data : null;
  } catch {
    cached = null;
  }
  return cached;
}

export function saveOrder(order: SavedOrder): void {
  session()?.setItem(KEY, JSON.stringify(order));
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The saved order, live; `undefined` on the server and during hydration, when session storage is not known yet. */
export const useSavedOrder = (): SavedOrder | null | undefined => useSyncExternalStore(subscribe, readSavedOrder, () => undefined);

/** Keeps the saved order and changes part of it. */
export function updateSavedOrder(change: Partial<SavedOrder>, lines: readonly CartLine[]): SavedOrder {
  const next = { ...(readSavedOrder() ?? orderOf(lines, null)), ...change };
  saveOrder(next);
  return next;
}

export function clearSavedOrder(): void {
  session()?.removeItem(KEY);
  listeners.forEach((listener) => listener());
}

/** The saved order of these cart lines. */
export const orderOf = (lines: readonly CartLine[], addressId: string | null): SavedOrder => ({
  products: lines.map((line) => ({ id: line.product.id, variant: line.product.variant?._id ?? null })),
  addressId,
});

/**
 * The cart lines the saved order names. Lines added since are left out; when none of them is left (paid
 * meanwhile, or no saved order), the whole cart is the order.
 */
export function chosenLines(lines: readonly CartLine[], saved: SavedOrder | null | undefined): CartLine[] {
  if (!saved) return [...lines];
  const wanted = new Set(saved.products.map((product) => `${product.id}:${product.variant ?? ''}`));
  const chosen = lines.filter((line) => wanted.has(`${line.product.id}:${line.product.variant?._id ?? ''}`));
  return chosen.length > 0 ? chosen : [...lines];
}

/** Subtotal, shipping and total of the chosen lines, from the server's line totals and the shipping rule of @shop/core. */
export function totalsOf(lines: readonly CartLine[]) {
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
  const shipping = shippingFee(subtotal);
  return { subtotal, shipping, total: subtotal + shipping, itemCount: lines.reduce((sum, line) => sum + line.quantity, 0) };
}

import { MAX_CART_LINES, MAX_QUANTITY_PER_LINE, isUuid, type GuestCartLine } from '@shop/core';

// A signed-out shopper's cart: lines in the account cart's shape ({productId, variantId?, quantity}), kept in the
// `guest_cart` cookie (guest-cart.server.ts reads and writes it), so Add to Cart works without scripts and the
// lines can be merged into the account at login as they are. The rules here are pure: the server applies them.

/** The cookie holding the signed-out shopper's cart. */
export const GUEST_CART_COOKIE = 'guest_cart';

/**
 * A line as the account cart takes it (guestCartLineSchema's rules), checked by hand: this runs for every page,
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

const sameLine = (line: GuestCartLine, productId: string, variantId: string | undefined) =>
  line.productId === productId && (line.variantId ?? null) === (variantId ?? null);

const lineOf = (productId: string, variantId: string | undefined, quantity: number): GuestCartLine => ({
  productId,
  ...(variantId ? { variantId } : {}),
  quantity,
});

/**
 * The lines of a stored cart; anything unreadable is dropped rather than trusted (only the three fields of a good
 * line are kept, a second line of the same item and lines past MAX_CART_LINES are left out).
 */
export function parseGuestCart(raw: string | null | undefined): GuestCartLine[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const lines: GuestCartLine[] = [];
  for (const line of parsed) {
    if (!isGuestCartLine(line) || lines.some((kept) => sameLine(kept, line.productId, line.variantId))) continue;
    lines.push(lineOf(line.productId, line.variantId, line.quantity));
    if (lines.length === MAX_CART_LINES) break;
  }
  return lines;
}

/** The stored form of the lines: compact JSON. */
export const serializeGuestCart = (lines: readonly GuestCartLine[]): string => JSON.stringify(lines);

/**
 * Adds pieces, never beyond the per-line limit or `available` (the pieces in stock). Answers the new lines and the
 * line's quantity before and after, so the caller can tell the shopper when nothing more fitted.
 */
export function addToGuestCart(
  lines: readonly GuestCartLine[],
  line: { productId: string; variantId?: string | undefined; quantity: number },
  available: number,
) {
  const existing = lines.find((item) => sameLine(item, line.productId, line.variantId));
  const before = existing?.quantity ?? 0;
  const after = Math.min(before + line.quantity, MAX_QUANTITY_PER_LINE, Math.max(available, before));
  if (after <= before) return { lines: [...lines], before, after: before };
  const next = lineOf(line.productId, line.variantId, after);
  return { lines: existing ? lines.map((item) => (item === existing ? next : item)) : [...lines, next], before, after };
}

/** Sets a line's quantity, within 1..MAX_QUANTITY_PER_LINE. */
export const setGuestQuantity = (lines: readonly GuestCartLine[], productId: string, variantId: string | undefined, quantity: number) =>
  lines.map((line) =>
    sameLine(line, productId, variantId) ? { ...line, quantity: Math.max(1, Math.min(MAX_QUANTITY_PER_LINE, Math.round(quantity))) } : line,
  );

export const removeFromGuestCart = (lines: readonly GuestCartLine[], productId: string, variantId: string | undefined) =>
  lines.filter((line) => !sameLine(line, productId, variantId));

export const hasGuestLine = (lines: readonly GuestCartLine[], productId: string, variantId: string | undefined) =>
  lines.some((line) => sameLine(line, productId, variantId));

export const guestCartCount = (lines: readonly GuestCartLine[]) => lines.reduce((sum, line) => sum + line.quantity, 0);

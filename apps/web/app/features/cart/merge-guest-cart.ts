import type { CappedLine } from '@shop/core';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/api-client';
import { mergeCart, type MergedCart } from './api/merge-cart';
import { getGuestCartProducts } from './api/price-guest-cart';
import { clearGuestCart, readGuestCart } from './guest-cart';

/** What the shopper reads about a line that did not fit: 'Only 2 of Silk Saree could be added'. */
export function cappedMessage(line: Pick<CappedLine, 'added'>, name: string): string {
  return line.added > 0 ? `Only ${line.added} of ${name} could be added` : `Sorry, ${name} could not be added.`;
}

async function nameOf(line: CappedLine, merged: MergedCart): Promise<string> {
  const inCart = merged.userCarts.find((item) => item.product.id === line.productId);
  if (inCart) return inCart.product.name;
  const product = (await getGuestCartProducts([line.productId]).catch(() => null))?.get(line.productId);
  return product?.productName ?? 'an item from your cart';
}

/**
 * Right after login: moves the cart kept in this browser into the account (quantities add up, capped by the
 * stock), tells the shopper about every capped line, then clears the browser cart. When the call fails the
 * browser cart stays, to be merged at the next login.
 */
export async function mergeGuestCartIntoAccount(): Promise<void> {
  const lines = readGuestCart();
  if (lines.length === 0) return;
  let merged: MergedCart;
  try {
    // The call takes at most 50 lines; a browser cart longer than that is unheard of.
    merged = await mergeCart(lines.slice(0, 50));
  } catch (error) {
    toast.error(`Your cart could not be moved to your account: ${errorMessage(error)}`);
    return;
  }
  clearGuestCart();
  for (const line of merged.capped) toast.warning(cappedMessage(line, await nameOf(line, merged)));
}

import { MAX_QUANTITY_PER_LINE } from '@shop/core';
import { ShoppingBag } from 'lucide-react';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/api-client';
import { addToCart } from './api/add-to-cart';
import { addToGuestCart } from './guest-cart';

export const ADDED_TO_CART = 'Added to your cart.';
export const CHOOSE_VARIANT = 'Please choose a colour and size.';

/**
 * 'Add to Cart' on the product page. Signed in: one piece into the account cart (the header's count is read
 * again). Signed out: into the browser cart, within the stock, merged into the account at login. A product
 * with variants needs its colour and size first: `onNeedsChoice` takes the shopper to the pickers.
 */
export function AddToCartButton({
  signedIn,
  productId,
  variantId,
  available,
  needsChoice,
  onNeedsChoice,
  echo = false,
}: {
  signedIn: boolean;
  productId: string;
  variantId: string | undefined;
  /** Pieces of the chosen variant (or the product) in stock. */
  available: number;
  needsChoice: boolean;
  onNeedsChoice: () => void;
  /**
   * A second, visual-only copy of the page's button (the phone's sticky bar): left out of the accessibility
   * tree and the tab order, where the page's own button already is.
   */
  echo?: boolean;
}) {
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState(false);

  const add = async () => {
    if (needsChoice) {
      toast.error(CHOOSE_VARIANT);
      onNeedsChoice();
      return;
    }
    if (!signedIn) {
      const { before, after } = addToGuestCart({ productId, variantId, quantity: 1 }, available);
      if (after > before) toast.success(ADDED_TO_CART);
      else if (before >= MAX_QUANTITY_PER_LINE) toast.error(`You can buy at most ${MAX_QUANTITY_PER_LINE} of one item.`);
      else toast.error(available > 0 ? `Only ${available} left` : 'Out of stock');
      return;
    }
    setBusy(true);
    try {
      await addToCart({ productId, variantId, quantity: 1 });
      toast.success(ADDED_TO_CART);
      await revalidate();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    // aria-disabled, not disabled, while adding: the focus stays on the button.
    <button
      type="button"
      className="btn btn-primary flex-1 aria-disabled:cursor-wait aria-disabled:opacity-60"
      onClick={() => !busy && void add()}
      aria-disabled={busy}
      aria-hidden={echo || undefined}
      tabIndex={echo ? -1 : undefined}
    >
      <ShoppingBag aria-hidden="true" className="h-4 w-4" />
      {busy ? 'Adding...' : 'Add to Cart'}
    </button>
  );
}

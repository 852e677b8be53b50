import { ShoppingBag } from 'lucide-react';
import { useFetcher } from 'react-router';
import { Enhanced } from '../../components/enhanced';
import { useAnswerToast } from '../../components/flash-message';
import { toast } from '../../lib/toast';
import { LineFields, cartActions } from './cart-forms';

export const ADDED_TO_CART = 'Added to your cart.';
export const CHOOSE_VARIANT = 'Please choose a colour and size.';

/**
 * 'Add to Cart': a form posting one piece to /cart/add (routes/cart-actions.ts), into the account's cart when signed
 * in, else into the signed-out cart's cookie, merged into the account at login; the header's count is read again.
 * Without scripts the page comes back with the message. A product with variants needs its colour and size first:
 * with scripts `onNeedsChoice` takes the shopper to the pickers; without, the action says so.
 */
export function AddToCartButton({
  productId,
  variantId,
  needsChoice,
  onNeedsChoice,
  echo = false,
}: {
  productId: string;
  variantId: string | undefined;
  needsChoice: boolean;
  onNeedsChoice: () => void;
  /**
   * A second, visual-only copy of the page's button (the phone's sticky bar): left out of the accessibility
   * tree and the tab order, where the page's own button already is.
   */
  echo?: boolean;
}) {
  const fetcher = useFetcher();
  useAnswerToast(fetcher.data, { failures: true });
  const busy = fetcher.state !== 'idle';

  return (
    <fetcher.Form
      method="post"
      action={cartActions.add}
      className="flex flex-1"
      onSubmit={(event) => {
        if (busy) event.preventDefault();
        else if (needsChoice) {
          event.preventDefault();
          toast.error(CHOOSE_VARIANT);
          onNeedsChoice();
        }
      }}
    >
      <LineFields productId={productId} variantId={variantId} />
      <input type="hidden" name="quantity" value="1" />
      <Enhanced />
      {/* aria-disabled, not disabled, while adding: the focus stays on the button. */}
      <button
        type="submit"
        className="btn btn-primary flex-1 aria-disabled:cursor-wait aria-disabled:opacity-60"
        aria-disabled={busy}
        aria-hidden={echo || undefined}
        tabIndex={echo ? -1 : undefined}
      >
        <ShoppingBag aria-hidden="true" className="h-4 w-4" />
        {busy ? 'Adding...' : 'Add to Cart'}
      </button>
    </fetcher.Form>
  );
}

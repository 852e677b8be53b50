// What every cart form shares, on its own so a page with only an 'Add to Cart' button (the product page) does not
// load the cart's line cards with it (issue 27: the product page's JavaScript budget).

/** Where the cart's forms post (routes/cart-actions.ts). */
export const cartActions = {
  /** The signed-out drawer's coupon forms (issue 41). */
  applyCoupon: '/cart/apply-coupon',
  removeCoupon: '/cart/remove-coupon',
  add: '/cart/add',
  update: '/cart/update',
  remove: '/cart/remove',
  moveToWishlist: '/cart/move-to-wishlist',
} as const;

/** The hidden fields naming a line in a cart form. */
export function LineFields({ productId, variantId }: { productId: string; variantId: string | undefined }) {
  return (
    <>
      <input type="hidden" name="productId" value={productId} />
      {variantId && <input type="hidden" name="variantId" value={variantId} />}
    </>
  );
}

// No zod here: the storefront's pages use the limit without loading the API schemas.

/** Most pieces of one product (and variant) in one cart line or order. */
export const MAX_QUANTITY_PER_LINE = 10;

/** Most different items (product and variant lines) in one cart: every cart answer carries them all. */
export const MAX_CART_LINES = 100;

/** The 409 of an item that would be a cart's line past MAX_CART_LINES. */
export const CART_FULL_MESSAGE = `Your bag can hold up to ${MAX_CART_LINES} different items. Remove some to add more.`;

// No zod here: the storefront's pages use the limit without loading the API schemas.

/** Most pieces of one product (and variant) in one cart line or order. */
export const MAX_QUANTITY_PER_LINE = 10;

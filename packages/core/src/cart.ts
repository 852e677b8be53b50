import { z } from 'zod';
import { MAX_QUANTITY_PER_LINE } from './cart-limits.js';
import { variantViewSchema } from './catalogue.js';

const productId = z.uuid('productId must be a product id');
const variantId = z.uuid('variantId must be a variant id').optional();
const quantity = z
  .number({ message: 'quantity must be a number' })
  .int('quantity must be a whole number')
  .min(1, 'quantity must be at least 1')
  .max(MAX_QUANTITY_PER_LINE, `quantity must be at most ${MAX_QUANTITY_PER_LINE}`);

/** POST /api/user/product/addToCart: adds to the line of the same product and variant if there is one. */
export const addToCartSchema = z.object({ productId, variantId, quantity: quantity.default(1) });
export type AddToCartInput = z.input<typeof addToCartSchema>;

/** PUT /api/user/product/updateCartQuantity: sets the line's quantity. */
export const updateCartQuantitySchema = z.object({ productId, variantId, quantity });

/** DELETE /api/user/product/removeFromCart */
export const removeFromCartSchema = z.object({ productId, variantId });

/** A signed-out shopper's cart kept in the browser, merged into the account's at login or sign-up. */
export const guestCartLineSchema = z.object({
  productId,
  variantId,
  quantity: z.number().int().min(1).max(MAX_QUANTITY_PER_LINE),
});
export type GuestCartLine = z.infer<typeof guestCartLineSchema>;
export const mergeCartSchema = z.object({
  lines: z.array(guestCartLineSchema).max(50, 'lines: at most 50 lines'),
  /** The coupon code she applied while signed out (issue 41): applied to the account's bag, under the same rules. */
  couponCode: z.string().trim().max(40).optional(),
});

/** Spec §3 customer-side variant: the catalogue's variant without stock, SKU and prices of its own. */
const cartVariantSchema = variantViewSchema.pick({
  _id: true,
  variantName: true,
  variantColor: true,
  variantSize: true,
  variantColorPrice: true,
  variantSizePrice: true,
});

/** One cart line in the spec's shape (§3 cart item), with the server's prices in paise. */
export const cartLineSchema = z.object({
  product: z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    /** MRP of the product in paise, before discount and variant extras (spec: productPrice). */
    productPrice: z.number().int(),
    productDiscount: z.number().int(),
    images: z.array(z.object({ url: z.string() })),
    variant: cartVariantSchema.nullable(),
  }),
  quantity: z.number().int(),
  /** What one piece costs after the discount, variant extras included. */
  unitPrice: z.number().int(),
  /** One piece before the discount. */
  unitMrp: z.number().int(),
  lineTotal: z.number().int(),
  /** Pieces in stock now: the stepper's upper bound. */
  available: z.number().int(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** One order-level discount as the bag lists it: '3 kurtis or more: 10% off' − ₹300, 'Coupon FESTIVE10' − ₹250. */
export const cartDiscountSchema = z.object({ label: z.string(), amount: z.number().int() });

/**
 * The bag's totals (paise): `subtotal` at selling prices, the order-level `discounts` (the best automatic offer, then the
 * coupon), `shipping` judged on what she pays after them, and `total` = subtotal − discount + shipping (issue 41).
 */
export const cartSummarySchema = z.object({
  subtotal: z.number().int(),
  shipping: z.number().int(),
  total: z.number().int(),
  discounts: z.array(cartDiscountSchema),
  /** Σ discounts. */
  discount: z.number().int(),
  /** The code on the bag: applied with what it took off, or refused now (used up, expired since) with why — checkout refuses it then. */
  coupon: z.object({ code: z.string(), applied: z.boolean(), amount: z.number().int(), refusal: z.string().nullable() }).nullable(),
  /** The automatic offer applied and what it saved. */
  offer: z.object({ name: z.string(), amount: z.number().int() }).nullable(),
  /** 'Add ₹450 more for ₹200 off', or null. */
  nextOfferHint: z.string().nullable(),
});
export type CartSummary = z.infer<typeof cartSummarySchema>;

export const cartSchema = z.object({ userCarts: z.array(cartLineSchema), summary: cartSummarySchema, itemCount: z.number().int() });
export type Cart = z.infer<typeof cartSchema>;

/** Lines of a merged guest cart that did not fit: the shopper is told. */
export const cappedLineSchema = z.object({
  productId: z.string(),
  variantId: z.string().nullable(),
  requested: z.number().int(),
  added: z.number().int(),
});
export type CappedLine = z.infer<typeof cappedLineSchema>;

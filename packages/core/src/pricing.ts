import { assertPaise, type Paise } from './money.js';
import { SHIPPING } from './policy.js';

/** Every price rule of the shop: cart, checkout, payment, orders, billing and invoices all call these. */

export const MAX_DISCOUNT_PERCENT = 90;

export interface PriceParts {
  productPrice: Paise;
  variantColorPrice?: Paise;
  variantSizePrice?: Paise;
  /** Whole percent, 0 to 90. */
  productDiscount?: number;
}

export interface UnitPrice {
  /** Price before discount: product price plus the variant's colour and size extras. */
  mrp: Paise;
  /** What the shopper pays for one piece. */
  selling: Paise;
  /** MRP minus selling price. */
  saving: Paise;
  discountPercent: number;
}

function assertDiscount(percent: number): void {
  if (!Number.isInteger(percent) || percent < 0 || percent > MAX_DISCOUNT_PERCENT) {
    throw new RangeError(`discount must be a whole percent from 0 to ${MAX_DISCOUNT_PERCENT}: ${percent}`);
  }
}

/** Applies a whole-percent discount, rounding half up to the whole paisa. */
export function applyDiscount(amount: Paise, percent: number): Paise {
  assertPaise(amount);
  assertDiscount(percent);
  // amount * (100 - percent) is an exact integer; one division and one rounding.
  return Math.round((amount * (100 - percent)) / 100);
}

/** MRP, selling price and saving of one piece. */
export function unitPrice(parts: PriceParts): UnitPrice {
  const extras = [parts.productPrice, parts.variantColorPrice ?? 0, parts.variantSizePrice ?? 0];
  for (const part of extras) {
    assertPaise(part);
    if (part < 0) throw new RangeError(`price parts cannot be negative: ${part}`);
  }
  const mrp = extras.reduce((sum, part) => sum + part, 0);
  const discountPercent = parts.productDiscount ?? 0;
  const selling = applyDiscount(mrp, discountPercent);
  return { mrp, selling, saving: mrp - selling, discountPercent };
}

export function lineTotal(sellingPrice: Paise, quantity: number): Paise {
  assertPaise(sellingPrice);
  if (!Number.isInteger(quantity) || quantity < 1) {
    throw new RangeError(`quantity must be a whole number of at least 1: ${quantity}`);
  }
  return sellingPrice * quantity;
}

/** Shipping is free from the threshold up (inclusive), else the flat fee. An empty order ships nothing. */
export function shippingFee(subtotal: Paise): Paise {
  assertPaise(subtotal);
  if (subtotal <= 0) return 0;
  return subtotal >= SHIPPING.freeShippingFromPaise ? 0 : SHIPPING.flatFeePaise;
}

export interface OrderLineInput extends PriceParts {
  quantity: number;
}

export interface OrderTotals {
  lines: Array<UnitPrice & { quantity: number; total: Paise }>;
  /** Sum of MRP × quantity: what the order would cost without discounts. */
  mrpTotal: Paise;
  subtotal: Paise;
  shipping: Paise;
  total: Paise;
}

/** Totals of an online order: Σ selling price × quantity, plus shipping. */
export function orderTotals(lines: readonly OrderLineInput[]): OrderTotals {
  const priced = lines.map((line) => {
    const unit = unitPrice(line);
    return { ...unit, quantity: line.quantity, total: lineTotal(unit.selling, line.quantity) };
  });
  const subtotal = priced.reduce((sum, line) => sum + line.total, 0);
  const mrpTotal = priced.reduce((sum, line) => sum + line.mrp * line.quantity, 0);
  const shipping = shippingFee(subtotal);
  return { lines: priced, mrpTotal, subtotal, shipping, total: subtotal + shipping };
}

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

/**
 * The selling price of a piece: MRP less a whole-percent discount, rounded half up to the whole rupee
 * (Indian fashion shops show ₹849, not ₹849.15), and never above the MRP (a ₹999.50 MRP at 0 % stays
 * ₹999.50 rather than rounding up to ₹1,000). The SQL generated column `products.selling_price_paise`
 * computes the same thing; selling-price.test.ts checks that the two agree.
 */
export function applyDiscount(amount: Paise, percent: number): Paise {
  assertPaise(amount);
  assertDiscount(percent);
  // amount * (100 - percent) is an exact integer (paise × 100); one division to rupees, one rounding.
  const rupees = Math.floor((amount * (100 - percent) + 5_000) / 10_000);
  return Math.min(amount, rupees * 100);
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

/**
 * What one extra of a piece (its colour's or its size's price) adds to what the shopper pays: the selling price with
 * it less the selling price without it, the discount taken off both. A ₹100 size extra at 20 % off adds ₹80.
 */
export function extraSellingPrice(parts: PriceParts, extra: 'variantColorPrice' | 'variantSizePrice'): Paise {
  return unitPrice(parts).selling - unitPrice({ ...parts, [extra]: 0 }).selling;
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

/** Largest in-store bill discount: the whole bill. Up to two decimals (12.5 %, 7.25 %). */
export const MAX_BILL_DISCOUNT_PERCENT = 100;

/** True when `percent` is 0–100 with at most two decimals. */
export function isBillDiscount(percent: number): boolean {
  return (
    Number.isFinite(percent) &&
    percent >= 0 &&
    percent <= MAX_BILL_DISCOUNT_PERCENT &&
    Math.abs(percent * 100 - Math.round(percent * 100)) < 1e-6
  );
}

/** `numerator / denominator` for whole numbers, rounded half up, with integer arithmetic only. */
function divideHalfUp(numerator: number, denominator: number): number {
  const quotient = Math.floor(numerator / denominator);
  const remainder = numerator - quotient * denominator;
  return 2 * remainder >= denominator ? quotient + 1 : quotient;
}

export interface BillPriceLine {
  /** Price of one piece in paise (GST included). */
  price: Paise;
  quantity: number;
}

export interface BillTotals {
  lines: Array<BillPriceLine & { total: Paise }>;
  /** Σ item totals. */
  subtotal: Paise;
  /** Subtotal minus total: what the discount took off. */
  discountAmount: Paise;
  /** Σ item totals × (1 − discount/100), rounded half up to the paisa. */
  total: Paise;
  discount: number;
}

/** Totals of an in-store bill (spec §9): Σ item totals × (1 − discount/100), rounded half up to the paisa. */
export function billTotals(lines: readonly BillPriceLine[], discount: number): BillTotals {
  if (!isBillDiscount(discount)) throw new RangeError(`discount must be 0 to 100 with at most two decimals: ${discount}`);
  const priced = lines.map((line) => {
    assertPaise(line.price);
    if (line.price < 0) throw new RangeError(`price cannot be negative: ${line.price}`);
    return { price: line.price, quantity: line.quantity, total: lineTotal(line.price, line.quantity) };
  });
  const subtotal = priced.reduce((sum, line) => sum + line.total, 0);
  // The discount in hundredths of a percent is a whole number, so subtotal × (10000 − basis points) is exact.
  const basisPoints = Math.round(discount * 100);
  const total = divideHalfUp(subtotal * (10_000 - basisPoints), 10_000);
  return { lines: priced, subtotal, discountAmount: subtotal - total, total, discount };
}

/**
 * Shares `total` over parts in proportion to their weights, in whole paise that add up to `total` exactly
 * (largest remainder first, earlier parts winning ties): a bill discount spread over its lines for the invoice.
 */
export function shareInProportion(total: Paise, weights: readonly Paise[]): Paise[] {
  // BigInt: total × weight can pass 2^53 on large bills.
  const sum = weights.reduce((acc, weight) => acc + BigInt(weight), 0n);
  if (sum === 0n) return weights.map(() => 0);
  const exact = weights.map((weight) => BigInt(total) * BigInt(weight));
  const shares = exact.map((value) => value / sum);
  let left = BigInt(total) - shares.reduce((acc, share) => acc + share, 0n);
  const order = exact
    .map((value, index) => ({ index, rest: value - shares[index]! * sum }))
    .sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const { index } of order) {
    if (left <= 0n) break;
    shares[index]! += 1n;
    left -= 1n;
  }
  return shares.map(Number);
}

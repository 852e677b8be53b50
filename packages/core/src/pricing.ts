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

/**
 * Shipping is free from the threshold up (inclusive), else the flat fee. An empty order ships nothing. `paid`: what
 * she pays for the goods after the order's offer and coupon (issue 41), which the threshold is judged on.
 */
export function shippingFee(subtotal: Paise, paid: Paise = subtotal): Paise {
  assertPaise(subtotal);
  assertPaise(paid);
  if (subtotal <= 0) return 0;
  return paid >= SHIPPING.freeShippingFromPaise ? 0 : SHIPPING.flatFeePaise;
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
  /** The line's own discount, percent (0–100, two decimals); none when left out. */
  discount?: number;
}

export interface BillTotals {
  lines: Array<BillPriceLine & { total: Paise; discountAmount: Paise; net: Paise }>;
  /** Σ item totals (price × quantity), before any discount. */
  subtotal: Paise;
  /** Σ what the lines' own discounts took off. */
  lineDiscountAmount: Paise;
  /** What the bill's percentage took off what the lines came to. */
  percentDiscountAmount: Paise;
  /** The bill's flat discount. */
  flatDiscount: Paise;
  /** Every discount together: subtotal − net. */
  discountAmount: Paise;
  /** What the goods are sold for after every discount, GST included: what the GST is computed on. */
  net: Paise;
  /** Total − net: the rounding to the whole rupee, from −49 to +50 paise; not taxed. */
  roundOff: Paise;
  /** Net rounded to the nearest rupee (50 paise and above up): what the customer pays. */
  total: Paise;
  discount: number;
}

/** `paise` less `percent` of it (two decimals allowed), the rest rounded half up to the paisa. */
const lessPercent = (paise: Paise, percent: number): Paise => divideHalfUp(paise * (10_000 - Math.round(percent * 100)), 10_000);

/** An amount to the nearest whole rupee, 50 paise and above up (₹2,429.10 → ₹2,429.00; ₹2,429.50 → ₹2,430.00). */
export const nearestRupee = (paise: Paise): Paise => divideHalfUp(paise, 100) * 100;

/**
 * Totals of an in-store bill (spec §9, issue 40), in this order: each line's price × quantity less its own
 * percentage; the bill's percentage off what the lines come to (rounded half up to the paisa); then the bill's
 * flat ₹ discount (at most what is left): the net, on which GST is computed (shared over the lines in proportion
 * by the invoice). The total is the net to the nearest rupee; the difference is the round-off line, not taxed.
 */
export function billTotals(lines: readonly BillPriceLine[], discount: number, flatDiscount: Paise = 0): BillTotals {
  if (!isBillDiscount(discount)) throw new RangeError(`discount must be 0 to 100 with at most two decimals: ${discount}`);
  assertPaise(flatDiscount);
  if (flatDiscount < 0) throw new RangeError(`flat discount cannot be negative: ${flatDiscount}`);
  const priced = lines.map((line) => {
    assertPaise(line.price);
    if (line.price < 0) throw new RangeError(`price cannot be negative: ${line.price}`);
    const lineDiscount = line.discount ?? 0;
    if (!isBillDiscount(lineDiscount)) throw new RangeError(`line discount must be 0 to 100 with at most two decimals: ${lineDiscount}`);
    const total = lineTotal(line.price, line.quantity);
    const net = lessPercent(total, lineDiscount);
    return { price: line.price, quantity: line.quantity, discount: lineDiscount, total, discountAmount: total - net, net };
  });
  const subtotal = priced.reduce((sum, line) => sum + line.total, 0);
  const afterLines = priced.reduce((sum, line) => sum + line.net, 0);
  const afterPercent = lessPercent(afterLines, discount);
  if (flatDiscount > afterPercent) throw new RangeError(`flat discount ${flatDiscount} is more than the bill's ${afterPercent}`);
  const net = afterPercent - flatDiscount;
  const total = nearestRupee(net);
  return {
    lines: priced,
    subtotal,
    lineDiscountAmount: subtotal - afterLines,
    percentDiscountAmount: afterLines - afterPercent,
    flatDiscount,
    discountAmount: subtotal - net,
    net,
    roundOff: total - net,
    total,
    discount,
  };
}

/** The most flat discount a bill can take: what its lines come to after their own and the bill's percentages. */
export function maxFlatDiscount(lines: readonly BillPriceLine[], discount: number): Paise {
  return billTotals(lines, discount, 0).net;
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

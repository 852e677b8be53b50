import { istDay } from './india-time.js';
import { assertPaise, type Paise } from './money.js';
import { shareInProportion } from './pricing.js';

// GST tax invoices (CGST Rules, rule 46) for in-store bills and online orders alike: the GST contained in
// GST-inclusive prices, per line and per rate, split CGST + SGST within the shop's state and IGST across
// states; and the invoice numbers, consecutive per financial year.

/** A GST rate rule: one rate, or by the taxable value of one piece (the low rate up to the threshold, else the high). */
export type GstRule = { rate: number } | { thresholdPaise: Paise; lowRate: number; highRate: number };

/**
 * GST on goods by their HSN, as one dated table, newest last: a change of law is one new row with the day it takes
 * effect (India time), repeating the rules that stay. Rules are by HSN prefix (a chapter's two digits, or a
 * heading's four), the longest prefix first; goods with no HSN, or one the row does not name, follow `otherwise`
 * (garments' rule, what most of a boutique sells).
 */
export const GST_RATE_TABLE: ReadonlyArray<{
  from: string;
  source: string;
  rules: ReadonlyArray<{ hsn: readonly string[]; what: string; rule: GstRule }>;
  otherwise: GstRule;
}> = [
  {
    from: '2017-07-01',
    source: 'Notification 1/2017-Central Tax (Rate), Schedules I–III',
    rules: [
      // Schedule I: woven fabrics of silk, wool, cotton, other plant fibres and man-made fibres (sarees are woven
      // fabric: 5007 silk, 5208 cotton…), whatever the price.
      { hsn: ['50', '51', '52', '53', '54', '55'], what: 'Fabrics and sarees (chapters 50–55)', rule: { rate: 5 } },
      // Schedule I entry 224 / II entry 171: garments and made-ups, 5 % up to ₹1,000 a piece, 12 % above.
      {
        hsn: ['61', '62', '63'],
        what: 'Garments and made-ups (chapters 61–63)',
        rule: { thresholdPaise: 100_000, lowRate: 5, highRate: 12 },
      },
      // Schedule I: imitation jewellery at 3 % (Schedule V, heading 7117).
      { hsn: ['7117'], what: 'Imitation jewellery (7117)', rule: { rate: 3 } },
    ],
    otherwise: { thresholdPaise: 100_000, lowRate: 5, highRate: 12 },
  },
  {
    from: '2025-09-22',
    source: 'GST Council, 56th meeting; Notification 9/2025-Central Tax (Rate), in force 22 September 2025',
    rules: [
      { hsn: ['50', '51', '52', '53', '54', '55'], what: 'Fabrics and sarees (chapters 50–55)', rule: { rate: 5 } },
      // 5 % up to ₹2,500 a piece, 18 % above.
      {
        hsn: ['61', '62', '63'],
        what: 'Garments and made-ups (chapters 61–63)',
        rule: { thresholdPaise: 250_000, lowRate: 5, highRate: 18 },
      },
      { hsn: ['7117'], what: 'Imitation jewellery (7117)', rule: { rate: 3 } },
    ],
    otherwise: { thresholdPaise: 250_000, lowRate: 5, highRate: 18 },
  },
];

/**
 * SAC of job work on textiles and garments (alteration, stitching, fall and pico): what a counter line not in the
 * catalogue is by default, at 5 % (Notification 11/2017-Central Tax (Rate), entry 26(i)(b) as amended).
 */
export const JOB_WORK_SAC = '9988';
export const JOB_WORK_RATE = 5;

/** SAC of delivery of goods: the shipping line of an online order's invoice. */
export const SHIPPING_SAC = '996812';

/**
 * The cash-on-delivery fee's line (issue 41): charged with the delivery of the goods, so it is part of the composite
 * supply as shipping is, under the same SAC and at the same rate.
 */
export const COD_FEE_LINE = 'Cash on delivery fee';

function tableOn(at: Date) {
  const day = istDay(at);
  const row = [...GST_RATE_TABLE].reverse().find((entry) => entry.from <= day);
  if (!row) throw new RangeError(`no GST rate for ${day}`);
  return row;
}

/** The rates the GST table's row in force on `at` names, lowest first: what a counter line's rate is chosen from. */
export function gstRatesOn(at: Date): number[] {
  const row = tableOn(at);
  const rates = new Set<number>();
  for (const rule of [...row.rules.map((entry) => entry.rule), row.otherwise]) {
    if ('rate' in rule) rates.add(rule.rate);
    else [rule.lowRate, rule.highRate].forEach((rate) => rates.add(rate));
  }
  return [...rates].sort((a, b) => a - b);
}

/** The rule of goods of `hsnCode` on `at`: the table row in force, its longest matching HSN prefix. */
export function gstRuleOf(hsnCode: string, at: Date): GstRule {
  const row = tableOn(at);
  const code = hsnCode.trim();
  let best: { length: number; rule: GstRule } | undefined;
  for (const entry of row.rules) {
    for (const prefix of entry.hsn) {
      if (code.startsWith(prefix) && prefix.length > (best?.length ?? 0)) best = { length: prefix.length, rule: entry.rule };
    }
  }
  return best?.rule ?? row.otherwise;
}

/**
 * The GST rate of a line of goods of `hsnCode` whose `quantity` pieces cost `amount` in all, GST included, on `at`.
 * By the value of a piece: the low rate when the taxable value of one piece at the low rate is at most the
 * threshold (amount × 100 / (100 + low) ≤ threshold × quantity, compared in whole numbers), else the high rate.
 */
export function gstRate(hsnCode: string, amount: Paise, quantity: number, at: Date): number {
  assertPaise(amount);
  const rule = gstRuleOf(hsnCode, at);
  if ('rate' in rule) return rule.rate;
  return amount * 100 <= rule.thresholdPaise * (100 + rule.lowRate) * Math.max(quantity, 1) ? rule.lowRate : rule.highRate;
}

/** Garments' rate (chapters 61–62): gstRate of a garment. */
export const apparelGstRate = (amount: Paise, quantity: number, at: Date): number => gstRate('62', amount, quantity, at);

/** The lowest rate garments are taxed at on `at`: shipping is at least that. */
const garmentLowRate = (at: Date) => {
  const rule = gstRuleOf('62', at);
  return 'rate' in rule ? rule.rate : rule.lowRate;
};

/** Whole-number division rounded half up. */
const halfUp = (numerator: number, denominator: number) => {
  const quotient = Math.floor(numerator / denominator);
  return 2 * (numerator - quotient * denominator) >= denominator ? quotient + 1 : quotient;
};

export interface InvoiceLineInput {
  name: string;
  /** HSN of goods (from the category) or SAC of a service; '' when not known. */
  hsnCode: string;
  quantity: number;
  /** Price of one piece as charged before any bill discount, GST included. */
  unitPrice: Paise;
  /** What the line costs before any bill discount (after its own line discount), GST included. */
  total: Paise;
  /**
   * An online order line's share of the order-level discounts (offer, coupon: order_items.discount_paise), already
   * shared to the paisa when the order was priced: taken off `total` before tax (CGST Act s.15(3)(a)). 0 if absent.
   */
  orderDiscount?: Paise;
  /** A rate chosen for the line (a service the counter typed in) instead of the rule of its HSN. */
  rate?: number;
}

export interface InvoiceLine extends InvoiceLineInput {
  /** What the line is charged after its share of the bill discount (or of the order's discounts), GST included. */
  amount: Paise;
  rate: number;
  taxableValue: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
}

export interface TaxByRate {
  rate: number;
  taxableValue: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
}

export interface TaxInvoice {
  placeOfSupply: string;
  shopState: string;
  /** Supply to another state: IGST instead of CGST + SGST. */
  interState: boolean;
  lines: InvoiceLine[];
  byRate: TaxByRate[];
  taxableValue: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  totalTax: Paise;
  /** Σ line amounts: the invoice total, GST included. */
  total: Paise;
}

/**
 * The GST in a GST-inclusive `amount`. Across states, IGST is the amount less its taxable value. Within the state,
 * CGST and SGST are each half the rate on the same taxable value, so they are always equal (issue 43: halving the
 * tax left them a paisa apart); the taxable value is what the amount leaves after both, so the amount is unchanged.
 */
function taxOf(amount: Paise, rate: number, interState: boolean) {
  const taxableValue = halfUp(amount * 100, 100 + rate);
  if (interState) return { taxableValue, cgst: 0, sgst: 0, igst: amount - taxableValue };
  const half = halfUp(taxableValue * rate, 200);
  return { taxableValue: amount - 2 * half, cgst: half, sgst: half, igst: 0 };
}

/**
 * The GST breakup of an invoice whose prices include GST. `total` (at most the lines' sum) is what the buyer
 * pays for the goods: a bill discount is shared over the lines in proportion to their totals, so each line's
 * rate follows the value of a piece as actually sold. An online order's lines carry their share of its order-level
 * discounts instead (`orderDiscount`): each is charged its total less its share, and its rate follows the piece's
 * value after every discount (a ₹2,800 kurta with 10 % off is ₹2,520, taxed 5 %). `shipping` and `codFee` (online
 * orders) are a composite supply with the goods, taxed at the rate of the principal supply: the highest rate among
 * the goods, and at least garments' low rate.
 */
export function taxInvoice(input: {
  lines: readonly InvoiceLineInput[];
  total?: Paise;
  shipping?: Paise;
  codFee?: Paise;
  at: Date;
  placeOfSupply: string;
  shopState: string;
}): TaxInvoice {
  const interState = input.placeOfSupply.trim().toLowerCase() !== input.shopState.trim().toLowerCase();
  const charges = input.lines.map((line) => {
    const discount = line.orderDiscount ?? 0;
    assertPaise(discount);
    if (discount > line.total) throw new RangeError(`line discount ${discount} is more than the line's ${line.total}`);
    return line.total - discount;
  });
  const goodsTotal = charges.reduce((sum, charge) => sum + charge, 0);
  const charged = input.total ?? goodsTotal;
  if (charged > goodsTotal || charged < 0) throw new RangeError(`invoice total ${charged} is outside 0–${goodsTotal}`);
  const amounts = shareInProportion(charged, charges);
  const lines: InvoiceLine[] = input.lines.map((line, index) => {
    const amount = amounts[index]!;
    const rate = line.rate ?? gstRate(line.hsnCode, amount, line.quantity, input.at);
    return { ...line, amount, rate, ...taxOf(amount, rate, interState) };
  });
  const compositeRate = Math.max(garmentLowRate(input.at), ...lines.map((line) => line.rate));
  const composite = (name: string, amount: Paise | undefined): InvoiceLine[] =>
    amount && amount > 0
      ? [
          {
            name,
            hsnCode: SHIPPING_SAC,
            quantity: 1,
            unitPrice: amount,
            total: amount,
            amount,
            rate: compositeRate,
            ...taxOf(amount, compositeRate, interState),
          },
        ]
      : [];
  lines.push(...composite('Shipping', input.shipping), ...composite(COD_FEE_LINE, input.codFee));
  return summarise(lines, input.placeOfSupply, input.shopState, interState);
}

/** The per-rate and total figures of an invoice's lines. */
function summarise(lines: InvoiceLine[], placeOfSupply: string, shopState: string, interState: boolean): TaxInvoice {
  const byRate = new Map<number, TaxByRate>();
  for (const line of lines) {
    const entry = byRate.get(line.rate) ?? { rate: line.rate, taxableValue: 0, cgst: 0, sgst: 0, igst: 0 };
    entry.taxableValue += line.taxableValue;
    entry.cgst += line.cgst;
    entry.sgst += line.sgst;
    entry.igst += line.igst;
    byRate.set(line.rate, entry);
  }
  const sum = (pick: (line: InvoiceLine) => number) => lines.reduce((acc, line) => acc + pick(line), 0);
  const cgst = sum((line) => line.cgst);
  const sgst = sum((line) => line.sgst);
  const igst = sum((line) => line.igst);
  return {
    placeOfSupply,
    shopState,
    interState,
    lines,
    byRate: [...byRate.values()].sort((a, b) => a.rate - b.rate),
    taxableValue: sum((line) => line.taxableValue),
    cgst,
    sgst,
    igst,
    totalTax: cgst + sgst + igst,
    total: sum((line) => line.amount),
  };
}

/**
 * What returning `returning` more pieces of a line refunds once `returnedBefore` were returned: the line's charged
 * amount (after its share of the bill discount) in proportion to pieces, rounded so that every piece of the line
 * returned, over any number of returns, refunds exactly what was charged.
 */
export function returnShare(lineAmount: Paise, quantity: number, returnedBefore: number, returning: number): Paise {
  assertPaise(lineAmount);
  if (returnedBefore < 0 || returning < 1 || returnedBefore + returning > quantity) {
    throw new RangeError(`cannot return ${returning} of ${quantity} after ${returnedBefore}`);
  }
  const upTo = (pieces: number) => halfUp(lineAmount * pieces, quantity);
  return upTo(returnedBefore + returning) - upTo(returnedBefore);
}

/**
 * The GST a credit note takes back: each returned line at the rate of the invoice line it reduces (CGST Act s. 34),
 * split as that invoice was (CGST + SGST or IGST).
 */
export function creditNoteTax(input: {
  lines: ReadonlyArray<InvoiceLineInput & { rate: number }>;
  placeOfSupply: string;
  shopState: string;
}): TaxInvoice {
  const interState = input.placeOfSupply.trim().toLowerCase() !== input.shopState.trim().toLowerCase();
  const lines = input.lines.map((line) => ({ ...line, amount: line.total, ...taxOf(line.total, line.rate, interState) }));
  return summarise(lines, input.placeOfSupply, input.shopState, interState);
}

/** At most 16 characters (GST rule 46): 'INV/' + 'YY-YY' + '/' + up to 6 digits. */
export const INVOICE_NUMBER_MAX_LENGTH = 16;

/** The financial year (April to March, India time) of an instant: '26-27' for 1 April 2026 to 31 March 2027. */
export function financialYearOf(at: Date): string {
  const [year, month] = istDay(at).split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  const two = (n: number) => String(n % 100).padStart(2, '0');
  return `${two(start)}-${two(start + 1)}`;
}

/**
 * The numbered series of the shop's GST documents: counter bills, credit notes, online orders' invoices (numbered
 * when paid, by migration 0021's web_invoice_number in SQL, which must agree with this).
 */
export type DocumentSeries = 'INV' | 'CN' | 'WEB';

/** `INV/26-27/00042`, `CN/26-27/00001`: the series, the financial year and its running number, five digits at least. */
export function formatInvoiceNumber(financialYear: string, sequence: number, series: DocumentSeries = 'INV'): string {
  if (!Number.isInteger(sequence) || sequence < 1) throw new RangeError(`invoice sequence must be a whole number from 1: ${sequence}`);
  const number = `${series}/${financialYear}/${String(sequence).padStart(5, '0')}`;
  if (number.length > INVOICE_NUMBER_MAX_LENGTH) throw new RangeError(`invoice number too long: ${number}`);
  return number;
}

/** The GST breakup an invoice carries, the same on a bill and on an online order's invoice. */
export function gstBreakupOf(invoice: TaxInvoice) {
  const { placeOfSupply, interState, byRate, taxableValue, cgst, sgst, igst, totalTax } = invoice;
  return { placeOfSupply, interState, byRate, taxableValue, cgst, sgst, igst, totalTax };
}

import { describe, expect, it } from 'vitest';
import { COD_FEE_LINE, SHIPPING_SAC } from './invoice.js';
import { orderInvoiceOf, type OrderInvoice, type OrderInvoiceSource } from './order-invoice.js';
import type { IndianState } from './form-choices.js';
import { shareInProportion } from './pricing.js';

const SELLER = {
  name: 'Zari Boutique',
  legalName: 'Zari Boutique LLP',
  address: '1 MG Road, Bengaluru',
  state: 'Karnataka',
  gstin: '29ABCDE1234F1ZW',
  phone: '9800000000',
  email: 'shop@example.com',
};

const PAID = '2026-11-20T06:05:00.000Z';

type Line = { name: string; hsn?: string; mrp: number; price: number; quantity?: number };

/** A paid order of `lines` whose order-level `discounts` are shared over its lines as pricing shares them. */
function order(
  lines: Line[],
  extra: {
    discounts?: Array<{ label: string; amount: number; code?: string }>;
    shipping?: number;
    codFee?: number;
    state?: IndianState;
  } = {},
) {
  const totals = lines.map((line) => line.price * (line.quantity ?? 1));
  const discounts = (extra.discounts ?? []).map((discount) => ({
    kind: discount.code ? ('coupon' as const) : ('offer' as const),
    ...discount,
  }));
  const shares = shareInProportion(
    discounts.reduce((sum, discount) => sum + discount.amount, 0),
    totals,
  );
  return {
    orderNumber: 'ORD-2611-000042',
    invoiceNumber: 'WEB/26-27/00007',
    seller: null,
    createdAt: '2026-11-20T06:00:00.000Z',
    payment: { paymentDate: PAID } as OrderInvoiceSource['payment'],
    timeline: [],
    shipping: extra.shipping ?? 0,
    codFee: extra.codFee ?? 0,
    paymentMethod: extra.codFee ? 'cod' : 'online',
    discounts,
    buyerGstin: null,
    buyerName: null,
    buyerState: null,
    address: {
      _id: 'a',
      name: 'Asha Rao',
      phone: '9876543210',
      street: '1 Park St',
      city: 'Bengaluru',
      district: 'Bengaluru Urban',
      state: extra.state ?? 'Karnataka',
      pincode: '560001',
    },
    items: lines.map((line, index) => ({
      _id: `p${index}`,
      itemId: `i${index}`,
      productName: line.name,
      productDescription: '',
      productCategory: null,
      categoryName: null,
      hsnCode: line.hsn ?? '6211',
      productPrice: line.mrp,
      productDiscount: 0,
      finalPrice: line.price,
      variantId: null,
      variantName: null,
      variantColor: null,
      variantSize: null,
      quantity: line.quantity ?? 1,
      lineTotal: totals[index]!,
      orderDiscount: shares[index]!,
      image: null,
    })),
  } satisfies OrderInvoiceSource;
}

/** Every line adds up: taxes on the taxable value make its total, its discount is MRP less that total. */
function expectConsistent(invoice: OrderInvoice) {
  for (const line of invoice.lines) {
    expect(line.taxable + line.cgst + line.sgst + line.igst).toBe(line.total);
    expect(line.mrp - line.discount).toBe(line.total);
  }
  const sum = (pick: (line: OrderInvoice['lines'][number]) => number) => invoice.lines.reduce((acc, line) => acc + pick(line), 0);
  expect(invoice.totals).toMatchObject({
    mrp: sum((l) => l.mrp),
    discount: sum((l) => l.discount),
    taxable: sum((l) => l.taxable),
    total: sum((l) => l.total),
  });
  expect(invoice.totals.taxable + invoice.totals.tax).toBe(invoice.totals.total);
}

describe('orderInvoiceOf (issue 41: discounts lower the taxable value, CGST Act s.15(3)(a))', () => {
  it('taxes a ₹2,800 kurta with 10 % off at 5 %: the rate follows the piece after every discount', () => {
    const full = orderInvoiceOf(order([{ name: 'Kurta', mrp: 280_000, price: 280_000 }]), SELLER);
    expect(full.lines[0]).toMatchObject({ rate: 18, mrp: 280_000, discount: 0, total: 280_000 });
    // 10 % off as the product's own discount: the selling price is ₹2,520.
    const sale = orderInvoiceOf(order([{ name: 'Kurta', mrp: 280_000, price: 252_000 }]), SELLER);
    expect(sale.lines[0]).toMatchObject({ rate: 5, mrp: 280_000, discount: 28_000, taxable: 240_000, total: 252_000 });
    // 10 % off as a coupon: the same ₹2,520 charged, the same 5 %, the coupon named.
    const coupon = orderInvoiceOf(
      order([{ name: 'Kurta', mrp: 280_000, price: 280_000 }], { discounts: [{ label: 'FESTIVE10', code: 'FESTIVE10', amount: 28_000 }] }),
      SELLER,
    );
    expect(coupon.lines[0]).toMatchObject({ rate: 5, mrp: 280_000, discount: 28_000, taxable: 240_000, total: 252_000 });
    expect(coupon.discounts).toEqual([{ kind: 'coupon', label: 'FESTIVE10', code: 'FESTIVE10', amount: 28_000 }]);
    expect(coupon.totals).toMatchObject({ orderDiscount: 28_000, discount: 28_000, total: 252_000 });
    // ₹2,625 after discounts is ₹2,500 taxable at 5 %: still 5 %; a rupee over the line is 18 %.
    const edge = (amount: number) =>
      orderInvoiceOf(order([{ name: 'Kurta', mrp: 300_000, price: 300_000 }], { discounts: [{ label: 'Offer', amount }] }), SELLER)
        .lines[0]!.rate;
    expect([edge(37_500), edge(37_400)]).toEqual([5, 18]);
    for (const invoice of [full, sale, coupon]) expectConsistent(invoice);
  });

  it("shares the order's discounts over the lines: each line's taxable value after its share, the sums to the paisa", () => {
    const placed = order(
      [
        { name: 'Kurti', mrp: 120_000, price: 99_900, quantity: 3 },
        { name: 'Silk saree', hsn: '5007', mrp: 809_900, price: 809_900 },
        { name: 'Earrings', hsn: '7117', mrp: 49_900, price: 49_900, quantity: 2 },
      ],
      {
        discounts: [
          { label: 'Festive: 3 kurtis or more', amount: 50_000 },
          { label: 'FESTIVE10', code: 'FESTIVE10', amount: 100_001 },
        ],
        shipping: 0,
      },
    );
    const invoice = orderInvoiceOf(placed, SELLER);
    const goods = placed.items.reduce((sum, item) => sum + item.lineTotal, 0);
    expect(invoice.totals.total).toBe(goods - 150_001);
    expect(invoice.totals.orderDiscount).toBe(150_001);
    expect(invoice.lines.map((line) => line.total)).toEqual(placed.items.map((item) => item.lineTotal - item.orderDiscount));
    expect(invoice.lines.map((line) => line.rate)).toEqual([5, 5, 3]);
    // The MRP side: the kurtis' own discount and their share of the order's are both in the line's discount.
    expect(invoice.lines[0]!.discount).toBe(3 * (120_000 - 99_900) + placed.items[0]!.orderDiscount);
    expectConsistent(invoice);
  });

  it('adds the COD fee as a line taxed like shipping: a composite supply at the highest rate of the goods', () => {
    const invoice = orderInvoiceOf(
      order(
        [
          { name: 'Kurta', mrp: 300_000, price: 300_000 },
          { name: 'Dupatta', mrp: 50_000, price: 50_000 },
        ],
        { shipping: 9_900, codFee: 4_900 },
      ),
      SELLER,
    );
    expect(invoice.paymentMethod).toBe('cod');
    expect(invoice.lines.map((line) => [line.description, line.hsn, line.rate, line.mrp, line.discount, line.total])).toEqual([
      ['Kurta', '6211', 18, 300_000, 0, 300_000],
      ['Dupatta', '6211', 5, 50_000, 0, 50_000],
      ['Shipping', SHIPPING_SAC, 18, 9_900, 0, 9_900],
      [COD_FEE_LINE, SHIPPING_SAC, 18, 4_900, 0, 4_900],
    ]);
    // Each half at half the rate on the same taxable value (issue 43): ₹7.48 of GST in two equal halves.
    expect(invoice.lines[3]!.taxable).toBe(4_152);
    expect(invoice.totals).toMatchObject({ shipping: 9_900, codFee: 4_900, total: 364_800 });
    expectConsistent(invoice);
    // All at 5 %: the fee is too.
    const low = orderInvoiceOf(order([{ name: 'Kurti', mrp: 99_900, price: 99_900 }], { codFee: 4_900 }), SELLER);
    expect(low.lines.at(-1)).toMatchObject({ description: COD_FEE_LINE, rate: 5, taxable: 4_666, total: 4_900 });
  });

  it('charges IGST to another state, dates the invoice by the payment, keeps the seller it was issued by', () => {
    const placed = {
      ...order([{ name: 'Kurta', mrp: 280_000, price: 252_000 }], { state: 'West Bengal' }),
      seller: { ...SELLER, name: 'Old name' },
    };
    const invoice = orderInvoiceOf(placed, SELLER);
    expect(invoice).toMatchObject({ invoiceNumber: 'WEB/26-27/00007', invoiceDate: PAID, placeOfSupply: 'West Bengal', interState: true });
    expect(invoice.seller.name).toBe('Old name');
    expect(invoice.lines[0]).toMatchObject({ cgst: 0, sgst: 0, igst: 12_000, taxable: 240_000 });
    // A COD order has no payment: its confirmation dates it.
    const cod = orderInvoiceOf(
      {
        ...order([{ name: 'Kurta', mrp: 100_000, price: 100_000 }], { codFee: 2_000 }),
        payment: null,
        timeline: [{ status: 'confirmed', note: '', at: '2026-11-21T04:00:00.000Z' }],
      },
      SELLER,
    );
    expect(cod.invoiceDate).toBe('2026-11-21T04:00:00.000Z');
    // Its cash collected later (recorded as its payment) does not move the invoice's date (ADR 041).
    const collected = orderInvoiceOf(
      {
        ...order([{ name: 'Kurta', mrp: 100_000, price: 100_000 }], { codFee: 2_000 }),
        paymentMethod: 'cod',
        payment: { paymentDate: '2026-11-25T09:00:00.000Z' },
        timeline: [{ status: 'confirmed', note: '', at: '2026-11-21T04:00:00.000Z' }],
      },
      SELLER,
    );
    expect(collected.invoiceDate).toBe('2026-11-21T04:00:00.000Z');
  });

  it('has none for an order without an invoice number', () => {
    expect(() => orderInvoiceOf({ ...order([{ name: 'Kurta', mrp: 100, price: 100 }]), invoiceNumber: null }, SELLER)).toThrow(
      /no tax invoice/,
    );
  });
});

import {
  creditNoteTax,
  financialYearOf,
  formatInvoiceNumber,
  gstBreakupOf,
  istDay,
  orderCreditNoteLines,
  pieceName,
  orderInvoiceOf,
  SHIPPING_SAC,
  type OrderCreditNote,
  type OrderInvoice,
  type Seller,
} from '@shop/core';
import {
  creditNotesOfOrders,
  insertCreditNote,
  nextCreditNoteSequence,
  type CreditNoteItemRow,
  type CreditNoteRow,
} from '../billing/queries.js';
import type { Db } from '../db/database.js';
import { itemsOfOrder, itemsOfOrders, ordersByIds, returnReceiptOf, type OrderItemRow, type OrderRow } from './queries.js';

// An online order's credit notes (issue 43, ADR 038): issued in the transaction of the event that issues them (a paid
// order cancelled, a received return refunded), numbered in the one CN series the counter's returns use (billing's
// counter, bumped in that transaction, so the series stays gapless), dated that day.

/** Who issued it: the back-office admin, or the shop itself. */
export interface CreditNoteIssuer {
  id: string | null;
  name: string;
}

/**
 * Writes the credit note of `order` (paid, so it has a tax invoice) for `total` paise going back: every line and the
 * shipping (`returning` 'all', a cancellation) or the pieces by order line. Answers its number.
 */
/**
 * When an order's tax invoice was issued: its payment online, its confirmation for cash on delivery (issue 41: the
 * invoice travels with the parcel; the cash is collected later). Null before either.
 */
export const invoiceInstant = (order: Pick<OrderRow, 'paidAt' | 'confirmedAt'>): Date | null => order.confirmedAt ?? order.paidAt;

export async function issueOrderCreditNote(
  tx: Db,
  order: OrderRow,
  input: { at: Date; total: number; returning: ReadonlyMap<string, number> | 'all'; reason: string; by?: CreditNoteIssuer | null },
): Promise<string> {
  const invoicedAt = invoiceInstant(order);
  if (!invoicedAt || !order.invoiceNumber) throw new Error(`order ${order.orderNumber} has no tax invoice to credit`);
  const items = await itemsOfOrder(tx, order.id);
  const lines = orderCreditNoteLines({
    items: items.map((item) => ({
      itemId: item.id,
      hsnCode: item.hsnCode ?? '',
      quantity: item.quantity,
      lineTotal: item.lineTotalPaise,
      orderDiscount: item.discountPaise,
    })),
    shipping: order.shippingPaise,
    codFee: order.codFeePaise,
    paidAt: invoicedAt,
    returning: input.returning,
    total: input.total,
  });
  const financialYear = financialYearOf(input.at);
  const sequence = await nextCreditNoteSequence(tx, financialYear);
  const saved = await insertCreditNote(
    tx,
    {
      creditNoteNumber: formatInvoiceNumber(financialYear, sequence, 'CN'),
      financialYear,
      sequence,
      orderId: order.id,
      totalPaise: input.total,
      reason: input.reason,
      // The seller the invoice was issued by: the note reduces that invoice.
      seller: order.seller,
      createdBy: input.by?.id ?? null,
      createdByLabel: input.by?.name ?? 'Shop',
      createdAt: input.at,
    },
    lines.map((line, position) => ({
      billItemId: null,
      orderItemId: line.itemId,
      quantity: line.quantity,
      amountPaise: line.amount,
      gstRateBasisPoints: Math.round(line.rate * 100),
      position,
    })),
  );
  return saved.row.creditNoteNumber;
}

/**
 * The pieces a received return sent back, by order line: restocked and written off, as its refund counts them
 * (returnRefund); the pieces asked back when none was counted; 'all' for a return that named no lines (before issue 28).
 */
export async function receivedPieces(db: Db, orderId: string): Promise<ReadonlyMap<string, number> | 'all'> {
  const receipt = await returnReceiptOf(db, orderId);
  if (receipt.length === 0) return 'all';
  const received = receipt.map((row) => [row.orderItemId, (row.restocked ?? 0) + (row.writtenOff ?? 0)] as const);
  if (received.some(([, pieces]) => pieces > 0)) return new Map(received);
  return new Map(receipt.map((row) => [row.orderItemId, row.quantity]));
}

/**
 * Online orders' credit notes as data, by order, each order's oldest first: each line at the rate of the invoice line
 * it reduces (kept on the note; a note written from the past by migration 0038 takes it from the invoice, computed
 * from the order as its page is), split CGST + SGST or IGST as the invoice was (the delivery state against the
 * seller's state).
 */
export async function orderCreditNotes(db: Db, orderIds: readonly string[], shopState: string): Promise<Map<string, OrderCreditNote[]>> {
  const byOrder = new Map<string, OrderCreditNote[]>();
  const notes = await creditNotesOfOrders(db, orderIds);
  if (notes.size === 0) return byOrder;
  const ids = [...notes.keys()];
  const [rows, items] = await Promise.all([ordersByIds(db, ids), itemsOfOrders(db, ids)]);
  for (const order of rows) {
    if (!invoiceInstant(order) || !order.invoiceNumber) continue;
    const lines = items.filter((item) => item.orderId === order.id);
    byOrder.set(
      order.id,
      (notes.get(order.id) ?? []).map(({ row, items: noteLines }) => toOrderCreditNote(order, lines, row, noteLines, shopState)),
    );
  }
  return byOrder;
}

/**
 * An order's tax invoice from its stored rows, by @shop/core's orderInvoiceOf: the function GET
 * /api/admin/order/getInvoice/{orderId} and the invoice pages answer from, so the orders CSV, the credit notes and
 * the GST return read the same invoice (issue 43). Dated when it was issued (invoiceInstant). `shop` stands for the
 * seller of an order that kept none.
 */
export function orderInvoiceOfRow(order: OrderRow, items: readonly OrderItemRow[], shop: Seller): OrderInvoice {
  const invoicedAt = invoiceInstant(order);
  return orderInvoiceOf(
    {
      orderNumber: order.orderNumber,
      invoiceNumber: order.invoiceNumber,
      seller: order.seller ?? null,
      shipping: order.shippingPaise,
      codFee: order.codFeePaise,
      discounts: order.discounts,
      paymentMethod: order.paymentMethod,
      address: order.address,
      createdAt: order.createdAt.toISOString(),
      buyerGstin: order.buyerGstin,
      buyerName: order.buyerName,
      buyerState: order.buyerState,
      items: items.map((item) => ({
        productName: item.productName,
        variantName: item.variantName,
        hsnCode: item.hsnCode,
        quantity: item.quantity,
        productPrice: item.unitMrpPaise,
        finalPrice: item.unitPricePaise,
        lineTotal: item.lineTotalPaise,
        orderDiscount: item.discountPaise,
      })),
      payment: null,
      timeline: invoicedAt ? [{ status: 'confirmed', at: invoicedAt.toISOString() }] : [],
    },
    shop,
  );
}

/** A seller standing only for the shop's state: an order that kept no seller is split by it (its lines' rates are not). */
const sellerInState = (state: string): Seller => ({ name: '', legalName: '', address: '', state, gstin: '', phone: '', email: '' });

function toOrderCreditNote(
  order: OrderRow,
  items: OrderItemRow[],
  note: CreditNoteRow,
  lines: CreditNoteItemRow[],
  shopState: string,
): OrderCreditNote {
  const paidAt = invoiceInstant(order)!;
  const invoice = orderInvoiceOfRow(order, items, sellerInState(shopState));
  const byId = new Map(items.map((item, index) => [item.id, { item, rate: invoice.lines[index]!.rate }]));
  // Shipping and the COD fee are composite supplies at one rate: the invoice's last line's.
  const shippingRate = order.shippingPaise + order.codFeePaise > 0 ? invoice.lines.at(-1)!.rate : 0;
  const described = lines.map((line) => {
    const found = line.orderItemId ? byId.get(line.orderItemId) : undefined;
    const rate = line.gstRateBasisPoints !== null ? line.gstRateBasisPoints / 100 : (found?.rate ?? shippingRate);
    return {
      itemId: line.orderItemId,
      name: found ? pieceName(found.item) : 'Shipping',
      hsnCode: found ? (found.item.hsnCode ?? '') : SHIPPING_SAC,
      quantity: line.quantity,
      unitPrice: found?.item.unitPricePaise ?? line.amountPaise,
      total: line.amountPaise,
      rate,
    };
  });
  const tax = creditNoteTax({
    lines: described,
    placeOfSupply: order.address.state,
    // The tax goes back as the invoice charged it: its seller's state, whatever the shop's is today.
    shopState: order.seller?.state ?? note.seller?.state ?? shopState,
  });
  return {
    _id: note.id,
    creditNoteNumber: note.creditNoteNumber,
    createdAt: note.createdAt.toISOString(),
    date: istDay(note.createdAt),
    orderId: order.id,
    orderNumber: order.orderNumber,
    invoiceNumber: order.invoiceNumber!,
    invoiceDate: paidAt.toISOString(),
    buyer: { name: order.address.name, phone: order.address.phone, state: order.address.state },
    buyerGstin: order.buyerGstin,
    buyerName: order.buyerName,
    buyerState: order.buyerState,
    reason: note.reason,
    items: described.map((line, index) => {
      const taxed = tax.lines[index]!;
      return {
        itemId: line.itemId,
        name: line.name,
        hsnCode: line.hsnCode,
        quantity: line.quantity,
        rate: line.rate,
        amount: line.total,
        taxableValue: taxed.taxableValue,
        cgst: taxed.cgst,
        sgst: taxed.sgst,
        igst: taxed.igst,
      };
    }),
    total: note.totalPaise,
    gst: gstBreakupOf(tax),
    seller: note.seller ?? null,
  };
}

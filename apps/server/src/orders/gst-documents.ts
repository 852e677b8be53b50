import {
  AppError,
  gstDocumentOfOrderCreditNote,
  gstDocumentOfOrderInvoice,
  sellerOf,
  type GstCreditNoteDocument,
  type GstInvoiceDocument,
  type ShopSettings,
} from '@shop/core';
import { creditNotesIssued } from '../billing/queries.js';
import type { Db } from '../db/database.js';
import { orderCreditNotes, orderInvoiceOfRow } from './credit-notes.js';
import { invoicedOrdersBetween, itemsOfOrders, ordersByIds, type OrderRow } from './queries.js';

// The online orders' GST documents of a period for the GST return (issue 43): each invoice as
// GET /api/admin/order/getInvoice answers it (orderInvoiceOfRow → core orderInvoiceOf) and each credit note as
// GET /api/admin/order/getCreditNote answers it, with the invoice it reduces, whenever that was issued.

/** At most this many online invoices or credit notes in one period. */
export const MAX_GST_DOCUMENTS = 10_000;

export async function orderGstDocuments(
  db: Db,
  from: Date,
  before: Date,
  settings: ShopSettings,
): Promise<{ invoices: GstInvoiceDocument[]; creditNotes: GstCreditNoteDocument[] }> {
  const [rows, allNotes] = await Promise.all([
    invoicedOrdersBetween(db, from, before, MAX_GST_DOCUMENTS),
    creditNotesIssued(db, from, before, MAX_GST_DOCUMENTS),
  ]);
  if (rows.length === MAX_GST_DOCUMENTS || allNotes.length === MAX_GST_DOCUMENTS) {
    throw new AppError('INVALID_DATA', `period: more than ${MAX_GST_DOCUMENTS} online invoices or credit notes in it; choose a month.`);
  }
  const inPeriod = new Set(allNotes.filter((note) => note.orderId).map((note) => note.id));
  const noteOrders = [...new Set(allNotes.flatMap((note) => (note.orderId ? [note.orderId] : [])))];
  const known = new Set(rows.map((row) => row.id));
  const [earlier, notesByOrder] = await Promise.all([
    ordersByIds(
      db,
      noteOrders.filter((id) => !known.has(id)),
    ),
    orderCreditNotes(db, noteOrders, settings.state),
  ]);
  const every: OrderRow[] = [...rows, ...earlier];
  const items = await itemsOfOrders(
    db,
    every.map((row) => row.id),
  );
  const shop = sellerOf(settings);
  const documentOf = new Map(
    every.map((order) => [
      order.id,
      gstDocumentOfOrderInvoice(
        orderInvoiceOfRow(
          order,
          items.filter((item) => item.orderId === order.id),
          shop,
        ),
      ),
    ]),
  );
  return {
    invoices: rows.map((row) => documentOf.get(row.id)!),
    creditNotes: [...notesByOrder.entries()].flatMap(([orderId, notes]) =>
      notes.filter((note) => inPeriod.has(note._id)).map((note) => gstDocumentOfOrderCreditNote(note, documentOf.get(orderId)!)),
    ),
  };
}

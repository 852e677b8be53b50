import {
  isUuid,
  ADMIN_PAGE_SIZE,
  AppError,
  BILL_PAYMENT_MODE_LABELS,
  billPayments,
  billTotals,
  financialYearOf,
  formatInvoiceNumber,
  gstBreakupOf,
  istDayEnd,
  istDayStart,
  istTimestamp,
  paiseToDecimal,
  taxInvoice,
  unitPrice,
  type Bill,
  type BillableItem,
  type BillPayment,
  type BillPaymentMode,
  type BillQuery,
  type createBillSchema,
} from '@shop/core';
import { randomUUID } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import type { z } from 'zod';
import { recordAudit, type AuditActor } from '../audit/service.js';
import { notEnoughStock } from '../cart/service.js';
import type { CatalogueChanges } from '../catalogue/changes.js';
import type { Db } from '../db/database.js';
import type { ShopMetrics } from '../metrics/metrics.js';
import * as inventory from '../inventory/service.js';
import type { SettingsService } from '../settings/service.js';
import { billableRow, findBillable, type BillableRow } from '../catalogue/queries.js';
import {
  billById,
  billPage,
  billsOf,
  insertBill,
  itemsOfBills,
  nextInvoiceSequence,
  paymentsOfBills,
  takingsByMode,
  type BillFilter,
  type BillItemRow as ItemRow,
  type BillPaymentRow,
  type BillRow,
} from './queries.js';

// In-store bills: priced by @shop/core, stock taken and the invoice number drawn in the bill's one transaction.

type CreateBill = z.output<typeof createBillSchema>;

/** The selling price of one piece of a catalogue row (variant extras and the product discount included). */
const sellingPrice = (row: BillableRow) =>
  unitPrice({
    productPrice: Number(row.price_paise),
    variantColorPrice: Number(row.variant_color_price_paise ?? 0),
    variantSizePrice: Number(row.variant_size_price_paise ?? 0),
    productDiscount: Number(row.discount_percent),
  }).selling;

const lineName = (row: BillableRow) => (row.variant_name ? `${row.product_name} (${row.variant_name})` : row.product_name);

const toPayment = (row: BillPaymentRow): BillPayment =>
  row.tenderedPaise === null
    ? { mode: row.mode, amount: row.amountPaise }
    : { mode: row.mode, amount: row.amountPaise, tendered: row.tenderedPaise, change: row.tenderedPaise - row.amountPaise };

/** 'Cash 500.00 (received 600.00); UPI 999.00': a bill's payments in a CSV cell. */
const paymentsText = (payments: readonly BillPayment[]) =>
  payments
    .map(
      (payment) =>
        `${BILL_PAYMENT_MODE_LABELS[payment.mode]} ${paiseToDecimal(payment.amount)}${
          payment.tendered === undefined ? '' : ` (received ${paiseToDecimal(payment.tendered)})`
        }`,
    )
    .join('; ');

/** Spec §3 Bill with the invoice's GST breakup, from the stored rows. */
export function toBill(row: BillRow, items: ItemRow[], payments: BillPaymentRow[], shopState: string): Bill {
  const invoice = taxInvoice({
    lines: items.map((item) => ({
      name: item.name,
      hsnCode: item.hsnCode,
      quantity: item.quantity,
      unitPrice: item.unitPricePaise,
      total: item.lineTotalPaise,
    })),
    total: row.totalPaise,
    at: row.createdAt,
    placeOfSupply: row.placeOfSupply,
    shopState,
  });
  return {
    _id: row.id,
    invoiceNumber: row.invoiceNumber,
    customerName: row.customerName,
    customerPhone: row.customerPhone,
    createdAt: row.createdAt.toISOString(),
    discount: row.discountBasisPoints / 100,
    subtotal: row.subtotalPaise,
    discountAmount: row.subtotalPaise - row.totalPaise,
    totalPrice: row.totalPaise,
    items: items.map((item, index) => ({
      name: item.name,
      quantity: item.quantity,
      price: item.unitPricePaise,
      total: item.lineTotalPaise,
      productId: item.productId,
      variantId: item.variantId,
      sku: item.sku,
      hsnCode: item.hsnCode,
      gstRate: invoice.lines[index]!.rate,
      taxableValue: invoice.lines[index]!.taxableValue,
    })),
    gst: gstBreakupOf(invoice),
    payments: payments.map(toPayment),
    createdBy: row.createdByLabel,
  };
}

/** A spreadsheet cell that starts like a formula is kept as text (CSV injection). */
const cell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

export const BILL_CSV_COLUMNS = [
  'invoiceNumber',
  'createdAt',
  'customerName',
  'customerPhone',
  'items',
  'subtotal',
  'discount',
  'discountAmount',
  'taxableValue',
  'cgst',
  'sgst',
  'igst',
  'totalTax',
  'totalPrice',
  'payments',
] as const;

/** Excel reads a CSV as UTF-8 (₹, names in Indian scripts) only when it starts with the byte-order mark. */
const UTF8_BOM = '\uFEFF';

/** The most bills one CSV export holds. */
export const MAX_EXPORT_BILLS = 10_000;

export function createBillingService(
  db: Db,
  deps: {
    settings: SettingsService;
    changes: CatalogueChanges;
    now: () => Date;
    metrics?: Pick<ShopMetrics, 'bills'>;
    /** Moves a stored `/media/…` photo URL under MEDIA_PUBLIC_URL. */
    photoUrl: (stored: string) => string;
  },
) {
  const { settings, changes, now } = deps;

  /** A list's filter: whole India days from–to. */
  const filterOf = (query: Omit<BillQuery, 'page'>): BillFilter => ({
    customer: query.customer || undefined,
    from: query.from ? istDayStart(query.from) : undefined,
    before: query.to ? istDayEnd(query.to) : undefined,
  });

  async function withItems(rows: BillRow[]): Promise<Bill[]> {
    if (rows.length === 0) return [];
    const { state } = await settings.get();
    const ids = rows.map((row) => row.id);
    const [byBill, paidByBill] = await Promise.all([itemsOfBills(db, ids), paymentsOfBills(db, ids)]);
    return rows.map((row) => toBill(row, byBill.get(row.id) ?? [], paidByBill.get(row.id) ?? [], state));
  }

  return {
    /** Products and variants for the counter: a scanned SKU or words of a name. */
    async findItems(q: string): Promise<BillableItem[]> {
      const rows = await findBillable(db, q);
      return rows
        .filter((row) => !row.has_variants || row.variant_id)
        .map((row) => ({
          productId: row.product_id,
          variantId: row.variant_id,
          name: row.product_name,
          variantName: row.variant_name,
          sku: row.sku,
          price: sellingPrice(row),
          stock: row.variant_id ? Number(row.variant_quantity ?? 0) : Number(row.product_stock),
          image: row.image_url && deps.photoUrl(row.image_url),
        }));
    },

    /**
     * Saves a bill: prices from the catalogue (free-text lines as typed), stock taken with conditional updates
     * that never go below zero (409 'Only N left' otherwise), the next invoice number of the financial year, and
     * the audit entry, all in one transaction.
     */
    async create(actor: AuditActor, input: CreateBill): Promise<Bill> {
      const at = now();
      const shop = await settings.get();
      const { row, items, payments } = await db.transaction(async (tx) => {
        const lines: Array<Omit<ItemRow, 'id' | 'billId'>> = [];
        const wanted = new Map<string, inventory.StockItem & { name: string }>();
        for (const [index, item] of input.items.entries()) {
          if (!item.productId) {
            lines.push({
              productId: null,
              variantId: null,
              name: item.name!,
              sku: null,
              categoryName: null,
              hsnCode: '',
              unitPricePaise: item.price!,
              quantity: item.quantity,
              lineTotalPaise: item.price! * item.quantity,
              position: index,
            });
            continue;
          }
          const found = await billableRow(tx, item.productId, item.variantId);
          if (!found || found.status === 'archived') throw new AppError('NOT_FOUND', 'Product not found');
          if (item.variantId && !found.variant_id) throw new AppError('NOT_FOUND', 'Variant not found');
          if (found.has_variants && !found.variant_id) {
            const message = 'Please choose a colour and size.';
            throw new AppError('INVALID_DATA', `items.${index}.variantId: ${message}`, { [`items.${index}.variantId`]: message });
          }
          const price = sellingPrice(found);
          lines.push({
            productId: found.product_id,
            variantId: found.variant_id,
            name: lineName(found),
            sku: found.sku,
            categoryName: found.category_name,
            hsnCode: found.hsn_code ?? '',
            unitPricePaise: price,
            quantity: item.quantity,
            lineTotalPaise: price * item.quantity,
            position: index,
          });
          const key = found.variant_id ?? found.product_id;
          const entry = wanted.get(key) ?? { productId: found.product_id, variantId: found.variant_id, quantity: 0, name: lineName(found) };
          entry.quantity += item.quantity;
          wanted.set(key, entry);
        }
        const totals = billTotals(
          lines.map((line) => ({ price: line.unitPricePaise, quantity: line.quantity })),
          input.discount,
        );
        // How it was paid must add up to the total the server computed, before any stock is taken.
        const paid = billPayments(input.payments, totals.total);
        if (!paid.ok) throw new AppError('INVALID_DATA', `${paid.field}: ${paid.message}`, { [paid.field]: paid.message });
        // One global lock order (inventory's, as online orders use), so a bill and an order over the same pieces
        // cannot deadlock. The bill's id is drawn first so the ledger rows name it.
        const billId = randomUUID();
        const taken = await inventory.take(tx, [...wanted.values()], {
          reason: 'bill',
          actor: inventory.stockActor.admin(actor),
          billId,
        });
        if (!taken.ok) throw notEnoughStock(taken.left, taken.item.name);
        const financialYear = financialYearOf(at);
        // The counter row last: it is the one every bill waits on, so it is held for the shortest time.
        const sequence = await nextInvoiceSequence(tx, financialYear);
        const saved = await insertBill(
          tx,
          {
            id: billId,
            invoiceNumber: formatInvoiceNumber(financialYear, sequence),
            financialYear,
            sequence,
            customerName: input.customerName ?? '',
            customerPhone: input.customerPhone ?? '',
            discountBasisPoints: Math.round(input.discount * 100),
            subtotalPaise: totals.subtotal,
            totalPaise: totals.total,
            placeOfSupply: shop.state,
            createdBy: actor.id,
            createdByLabel: actor.label,
            createdAt: at,
          },
          lines,
          paid.payments.map((payment, position) => ({
            mode: payment.mode,
            amountPaise: payment.amount,
            tenderedPaise: payment.tendered ?? null,
            position,
          })),
        );
        await recordAudit(
          tx,
          actor,
          {
            action: 'bill.create',
            entity: 'bill',
            entityId: saved.row.id,
            after: {
              invoiceNumber: saved.row.invoiceNumber,
              customerName: saved.row.customerName,
              totalPaise: saved.row.totalPaise,
              discount: input.discount,
              items: saved.items.map((item) => ({ name: item.name, sku: item.sku, quantity: item.quantity, total: item.lineTotalPaise })),
              payments: paid.payments,
            },
          },
          at,
        );
        return saved;
      });
      deps.metrics?.bills.inc();
      const touched = items.flatMap((item) => (item.productId ? [item.productId] : []));
      if (touched.length > 0) changes.publish([...new Set(touched)]);
      return toBill(row, items, payments, shop.state);
    },

    async get(billId: string): Promise<Bill> {
      if (!isUuid(billId)) throw new AppError('NOT_FOUND', 'Bill not found');
      const row = await billById(db, billId);
      if (!row) throw new AppError('NOT_FOUND', 'Bill not found');
      const [bill] = await withItems([row]);
      return bill!;
    },

    /** The counter's takings per payment mode on the India day `day` (YYYY-MM-DD): for closing the till. */
    takingsByMode(day: string): Promise<Record<BillPaymentMode, number>> {
      return takingsByMode(db, istDayStart(day), istDayEnd(day));
    },

    /** Newest first, 50 a page: customer name contains (any case), whole India days from–to. */
    async list(query: BillQuery): Promise<{ bills: Bill[]; total: number; page: number; limit: number }> {
      const page = query.page ?? 1;
      const limit = ADMIN_PAGE_SIZE;
      const { rows, total } = await billPage(db, filterOf(query), limit, (page - 1) * limit);
      return { bills: await withItems(rows), total, page, limit };
    },

    /** The bills of a filter as CSV for Excel (a UTF-8 BOM, times in India, amounts in rupees, GST split), newest first. */
    async exportCsv(query: Omit<BillQuery, 'page'>): Promise<string> {
      const rows = await billsOf(db, filterOf(query), MAX_EXPORT_BILLS);
      const list = await withItems(rows);
      const csv = stringify(
        list.map((bill) => [
          bill.invoiceNumber,
          istTimestamp(new Date(bill.createdAt)),
          cell(bill.customerName || 'Unknown'),
          bill.customerPhone,
          cell(bill.items.map((item) => `${item.name} × ${item.quantity}`).join('; ')),
          paiseToDecimal(bill.subtotal),
          String(bill.discount),
          paiseToDecimal(bill.discountAmount),
          paiseToDecimal(bill.gst.taxableValue),
          paiseToDecimal(bill.gst.cgst),
          paiseToDecimal(bill.gst.sgst),
          paiseToDecimal(bill.gst.igst),
          paiseToDecimal(bill.gst.totalTax),
          paiseToDecimal(bill.totalPrice),
          paymentsText(bill.payments),
        ]),
        { header: true, columns: [...BILL_CSV_COLUMNS] },
      );
      return UTF8_BOM + csv;
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;

import {
  DEFAULT_COUNTER_RETURN_POLICY,
  OWNER_DOES_RETURNS,
  counterReturnRefusal,
  type CounterReturnPolicy,
  isUuid,
  ADMIN_PAGE_SIZE,
  AppError,
  BILL_PAYMENT_MODES,
  billPayments,
  billTotals,
  businessBuyerFieldsOf,
  businessBuyerOf,
  shareInProportion,
  financialYearOf,
  formatInvoiceNumber,
  gstBreakupOf,
  gstRatesOn,
  JOB_WORK_RATE,
  JOB_WORK_SAC,
  maxFlatDiscount,
  creditNoteTax,
  csvRow,
  type CreditNoteRegister,
  type CreditNoteRegisterRow,
  type DayRangeQuery,
  istDay,
  istDayEnd,
  istDayStart,
  istTimestamp,
  formatINR,
  paiseToDecimal,
  returnShare,
  taxInvoice,
  unitPrice,
  type Bill,
  type BillableItem,
  type BillPayment,
  type BillPaymentMode,
  type BillQuery,
  type CounterCustomer,
  type CreateBill,
  type CreditNote,
  type ReturnItemsInput,
  type VoidBillInput,
  gstDocumentOfBill,
  gstDocumentOfBillCreditNote,
  type GstCreditNoteDocument,
  type GstInvoiceDocument,
} from '@shop/core';
import { createHash, randomUUID } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import { recordAudit, requireOwner, type AuditActor } from '../audit/service.js';
import { notEnoughStock } from '../cart/service.js';
import type { CatalogueChanges } from '../catalogue/changes.js';
import type { Db } from '../db/database.js';
import type { ShopMetrics } from '../metrics/metrics.js';
import * as inventory from '../inventory/service.js';
import type { SettingsService } from '../settings/service.js';
import { shopperByPhone } from '../accounts/queries.js';
import { userIdsWithAddressPhone } from '../addresses/queries.js';
import { billableRow, findBillable, type BillableRow } from '../catalogue/queries.js';
import { claimBillUse, counterCoupon } from '../promotions/counter-coupons.js';
import { orderCreditNotes } from '../orders/credit-notes.js';
import {
  billById,
  billByIdempotencyKey,
  billPage,
  billsOf,
  billsOfPhone,
  creditNoteById,
  creditNoteLines,
  creditNotesIssued,
  billsByIds,
  creditNotesOfBills,
  firstBillAt,
  insertBill,
  insertCreditNote,
  itemsOfBills,
  lockBill,
  lockIdempotencyKey,
  markBillVoid,
  nextCreditNoteSequence,
  nextInvoiceSequence,
  paymentsOfBills,
  returnedQuantities,
  takingsByMode,
  type BillFilter,
  type BillItemRow as ItemRow,
  type BillPaymentRow,
  type BillRow,
  type CreditNoteItemRow,
  type CreditNoteRow,
} from './queries.js';

// In-store bills: priced by @shop/core, stock taken and the invoice number drawn in the bill's one transaction.

/** A value as JSON with every object's keys in order, so one request always hashes alike. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, field]) => [key, canonical(field)]),
  );
}

/** SHA-256 of a bill as the schema left it: what a key's repeat must match. */
const requestHashOf = (input: CreateBill) =>
  createHash('sha256')
    .update(JSON.stringify(canonical(input)))
    .digest('hex');

/** The answer to a key already used for another bill (ADR 033: a conflict, never a second bill). */
export const keyUsedMessage = (invoiceNumber: string) =>
  `This bill was already saved as ${invoiceNumber} with other items or amounts. Start a new bill to make another.`;

/**
 * A customer's coupon code on a bill (issue 41): checked by the online rules on what each line comes to after its
 * own and the bill's percentage (the bill's share spread in proportion, as the invoice spreads it).
 */
async function billCoupon(
  tx: Db,
  code: string,
  priceLines: Parameters<typeof billTotals>[0],
  discount: number,
  categories: ReadonlyArray<string | null>,
  at: Date,
) {
  const before = billTotals(priceLines, discount, 0);
  const afterPercent = shareInProportion(
    before.net,
    before.lines.map((line) => line.net),
  );
  return counterCoupon(
    tx,
    code,
    before.lines.map((line, index) => ({
      total: line.total,
      quantity: line.quantity,
      categoryId: categories[index] ?? null,
      afterDiscounts: afterPercent[index]!,
    })),
    at,
  );
}

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

/**
 * The tax invoice of a stored bill: each line after its own discount, its share of the bill's discounts, its rate
 * (a typed-in line's chosen one) and GST. The round-off is not a supply: the invoice is of the total without it.
 */
function invoiceOf(row: BillRow, items: readonly ItemRow[], shopState: string) {
  return taxInvoice({
    lines: items.map((item) => ({
      name: item.name,
      hsnCode: item.hsnCode,
      quantity: item.quantity,
      unitPrice: item.unitPricePaise,
      total: item.lineTotalPaise - item.discountPaise,
      rate: item.gstRateBasisPoints === null ? undefined : item.gstRateBasisPoints / 100,
    })),
    total: row.totalPaise - row.roundOffPaise,
    at: row.createdAt,
    placeOfSupply: row.placeOfSupply,
    shopState,
  });
}

/** What a bill's returns and void add to it, from their rows. */
interface BillAfterSale {
  /** Pieces returned so far, by bill line id. */
  returned: ReadonlyMap<string, number>;
  creditNotes: readonly CreditNoteRow[];
}

const NO_AFTER_SALE: BillAfterSale = { returned: new Map(), creditNotes: [] };

/** Spec §3 Bill with the invoice's GST breakup, its payments, void and returns, from the stored rows. */
export function toBill(
  row: BillRow,
  items: ItemRow[],
  payments: BillPaymentRow[],
  shopState: string,
  afterSale: BillAfterSale = NO_AFTER_SALE,
): Bill {
  // The bill's own seller's state (issue 39): a later move of the shop does not turn its CGST/SGST into IGST.
  const invoice = invoiceOf(row, items, row.seller?.state ?? shopState);
  const net = row.totalPaise - row.roundOffPaise;
  const lineDiscountAmount = items.reduce((sum, item) => sum + item.discountPaise, 0);
  return {
    _id: row.id,
    invoiceNumber: row.invoiceNumber,
    customerName: row.customerName,
    customerPhone: row.customerPhone,
    createdAt: row.createdAt.toISOString(),
    discount: row.discountBasisPoints / 100,
    subtotal: row.subtotalPaise,
    discountAmount: row.subtotalPaise - net,
    lineDiscountAmount,
    percentDiscountAmount: row.subtotalPaise - lineDiscountAmount - row.discountFlatPaise - net,
    discountFlat: row.discountFlatPaise,
    roundOff: row.roundOffPaise,
    totalPrice: row.totalPaise,
    items: items.map((item, index) => ({
      _id: item.id,
      name: item.name,
      quantity: item.quantity,
      price: item.unitPricePaise,
      total: item.lineTotalPaise,
      productId: item.productId,
      variantId: item.variantId,
      sku: item.sku,
      hsnCode: item.hsnCode,
      discount: item.discountBasisPoints / 100,
      discountAmount: item.discountPaise,
      gstRate: invoice.lines[index]!.rate,
      taxableValue: invoice.lines[index]!.taxableValue,
      returnedQuantity: afterSale.returned.get(item.id) ?? 0,
    })),
    gst: gstBreakupOf(invoice),
    payments: payments.map(toPayment),
    createdBy: row.createdByLabel,
    status: row.status,
    voidedAt: row.voidedAt?.toISOString() ?? null,
    voidReason: row.voidReason,
    voidedBy: row.voidedByLabel,
    creditNotes: afterSale.creditNotes.map((note) => ({
      _id: note.id,
      creditNoteNumber: note.creditNoteNumber,
      total: note.totalPaise,
      createdAt: note.createdAt.toISOString(),
    })),
    seller: row.seller ?? null,
    buyerGstin: row.buyerGstin,
    buyerName: row.buyerName,
    buyerState: row.buyerState,
  };
}

/** A counter credit note's lines with the bill lines they return, and its tax: each at the rate kept on the note. */
function creditNoteTaxOf(lines: CreditNoteItemRow[], bill: BillRow, billItems: ItemRow[], shopState: string) {
  const byId = new Map(billItems.map((item) => [item.id, item]));
  // A counter note's lines all name a bill line and keep their rate (credit_note_items_line_check).
  const returned = lines.map((line) => ({ line, item: byId.get(line.billItemId!)!, rate: line.gstRateBasisPoints! / 100 }));
  const tax = creditNoteTax({
    lines: returned.map(({ line, item, rate }) => ({
      name: item.name,
      hsnCode: item.hsnCode,
      quantity: line.quantity,
      unitPrice: item.unitPricePaise,
      total: line.amountPaise,
      rate,
    })),
    placeOfSupply: bill.placeOfSupply,
    // The tax goes back as the bill charged it: its seller's state, whatever the shop's is today.
    shopState: bill.seller?.state ?? shopState,
  });
  return { returned, tax };
}

/** A credit note as the API answers it, with the bill it reduces. */
function toCreditNote(note: CreditNoteRow, lines: CreditNoteItemRow[], bill: BillRow, billItems: ItemRow[], shopState: string): CreditNote {
  const { returned, tax } = creditNoteTaxOf(lines, bill, billItems, shopState);
  return {
    _id: note.id,
    creditNoteNumber: note.creditNoteNumber,
    billId: bill.id,
    invoiceNumber: bill.invoiceNumber,
    invoiceDate: bill.createdAt.toISOString(),
    customerName: bill.customerName,
    customerPhone: bill.customerPhone,
    buyerGstin: bill.buyerGstin,
    buyerName: bill.buyerName,
    buyerState: bill.buyerState,
    items: returned.map(({ line, item, rate }, index) => ({
      itemId: item.id,
      name: item.name,
      sku: item.sku,
      hsnCode: item.hsnCode,
      quantity: line.quantity,
      price: item.unitPricePaise,
      total: line.amountPaise,
      gstRate: rate,
      taxableValue: tax.lines[index]!.taxableValue,
    })),
    total: note.totalPaise,
    gst: gstBreakupOf(tax),
    refundMode: note.refundMode!,
    reason: note.reason,
    createdAt: note.createdAt.toISOString(),
    createdBy: note.createdByLabel,
    seller: note.seller ?? null,
  };
}

/**
 * The bills CSV (issue 40): one row per line item, the bill's own figures (subtotal, discounts, round-off, total,
 * what each mode paid, credit notes) on its first line's row only, so every column adds up in a spreadsheet; each
 * row's tax is its line's (they add up to the bill's). `line` numbers a bill's rows: filter on 1 for one row a bill.
 */
export const BILL_CSV_COLUMNS = [
  'invoiceNumber',
  'createdAt',
  'customerName',
  'customerPhone',
  'status',
  'line',
  'item',
  'sku',
  'hsnCode',
  'quantity',
  'price',
  'lineTotal',
  'lineDiscount',
  'amount',
  'gstRate',
  'taxableValue',
  'cgst',
  'sgst',
  'igst',
  'totalTax',
  'subtotal',
  'discount',
  'discountFlat',
  'discountAmount',
  'roundOff',
  'totalPrice',
  ...BILL_PAYMENT_MODES,
  'cashReceived',
  'creditNotes',
  // A business buyer's (issue 43) on every row, as the customer's name: empty for none.
  'buyerGstin',
  'buyerName',
] as const;

/** The credit-note register's CSV (issue 43): one row per credit note, counter and online, in rupees. */
export const CREDIT_NOTE_CSV_COLUMNS = [
  'creditNoteNumber',
  'date',
  'channel',
  'againstInvoice',
  'buyer',
  'taxableValue',
  'cgst',
  'sgst',
  'igst',
  'total',
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
    /** Who may issue a counter credit note (issue 40): the owner's setting; the default, the owner does all returns. */
    counterReturnPolicy?: () => Promise<CounterReturnPolicy>;
  },
) {
  const { settings, changes, now } = deps;
  const counterReturnPolicy = deps.counterReturnPolicy ?? (async () => DEFAULT_COUNTER_RETURN_POLICY);

  /** A list's filter: whole India days from–to. */
  const filterOf = (query: Omit<BillQuery, 'page'>): BillFilter => ({
    customer: query.customer || undefined,
    phone: query.phone,
    invoice: query.invoice,
    mode: query.mode,
    status: query.status,
    from: query.from ? istDayStart(query.from) : undefined,
    before: query.to ? istDayEnd(query.to) : undefined,
  });

  /**
   * The credit-note register (issue 43): every credit note issued in whole India days from–to, counter and online,
   * in issue order, each with the invoice it reduces, the buyer, its taxable value and taxes as the note shows them.
   */
  async function creditNoteRegister(query: DayRangeQuery): Promise<CreditNoteRegister> {
    const notes = await creditNotesIssued(
      db,
      query.from ? istDayStart(query.from) : null,
      query.to ? istDayEnd(query.to) : null,
      MAX_EXPORT_BILLS,
    );
    const billIds = [...new Set(notes.flatMap((note) => (note.billId ? [note.billId] : [])))];
    const orderIds = [...new Set(notes.flatMap((note) => (note.orderId ? [note.orderId] : [])))];
    const { state } = await settings.get();
    const [billRows, billLines, noteLines, online] = await Promise.all([
      billsByIds(db, billIds),
      itemsOfBills(db, billIds),
      creditNoteLines(
        db,
        notes.filter((note) => note.billId).map((note) => note.id),
      ),
      orderCreditNotes(db, orderIds, state),
    ]);
    const billOf = new Map(billRows.map((row) => [row.id, row]));
    const onlineNote = new Map([...online.values()].flat().map((note) => [note._id, note]));
    const rows = notes.flatMap((note): CreditNoteRegisterRow[] => {
      const base = {
        _id: note.id,
        creditNoteNumber: note.creditNoteNumber,
        createdAt: note.createdAt.toISOString(),
        total: note.totalPaise,
      };
      if (note.billId) {
        const bill = billOf.get(note.billId)!;
        const { gst } = toCreditNote(note, noteLines.get(note.id) ?? [], bill, billLines.get(bill.id) ?? [], state);
        const { taxableValue, cgst, sgst, igst } = gst;
        const buyer = bill.customerName || 'Walk-in customer';
        return [
          { ...base, channel: 'counter', againstId: bill.id, invoiceNumber: bill.invoiceNumber, buyer, taxableValue, cgst, sgst, igst },
        ];
      }
      const found = onlineNote.get(note.id);
      if (!found) return [];
      const { taxableValue, cgst, sgst, igst } = found.gst;
      return [
        {
          ...base,
          channel: 'online',
          againstId: found.orderId,
          invoiceNumber: found.invoiceNumber,
          buyer: found.buyer.name,
          taxableValue,
          cgst,
          sgst,
          igst,
        },
      ];
    });
    const sum = (pick: (row: CreditNoteRegisterRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
    return {
      creditNotes: rows,
      totals: {
        taxableValue: sum((row) => row.taxableValue),
        cgst: sum((row) => row.cgst),
        sgst: sum((row) => row.sgst),
        igst: sum((row) => row.igst),
        total: sum((row) => row.total),
      },
    };
  }

  async function withItems(rows: BillRow[]): Promise<Bill[]> {
    if (rows.length === 0) return [];
    const { state } = await settings.get();
    const ids = rows.map((row) => row.id);
    const [byBill, paidByBill, notesByBill, returned] = await Promise.all([
      itemsOfBills(db, ids),
      paymentsOfBills(db, ids),
      creditNotesOfBills(db, ids),
      returnedQuantities(db, ids),
    ]);
    return rows.map((row) =>
      toBill(row, byBill.get(row.id) ?? [], paidByBill.get(row.id) ?? [], state, {
        returned,
        creditNotes: notesByBill.get(row.id) ?? [],
      }),
    );
  }

  /** The catalogue pieces of bill lines, to go back on the shelf. */
  const stockOf = (lines: ReadonlyArray<{ item: ItemRow; quantity: number }>): inventory.StockItem[] =>
    lines.flatMap(({ item, quantity }) => (item.productId ? [{ productId: item.productId, variantId: item.variantId, quantity }] : []));

  const publishProducts = (items: readonly ItemRow[]) => {
    const touched = items.flatMap((item) => (item.productId ? [item.productId] : []));
    if (touched.length > 0) changes.publish([...new Set(touched)]);
  };

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
     *
     * With an `idempotencyKey` (ADR 033) a retry is safe: the admin's bill saved with that key is answered as it is
     * now, nothing taken again; the same key with another bill is a 409. Retries that race wait for each other on the
     * key's lock.
     */
    async create(actor: AuditActor, input: CreateBill, options: { idempotencyKey?: string } = {}): Promise<Bill> {
      // A key is one admin's: the shop's own actors (no id) have nobody to scope it to, and save as without one.
      const key =
        options.idempotencyKey && actor.id ? { adminId: actor.id, key: options.idempotencyKey, requestHash: requestHashOf(input) } : null;
      const repeat = async (earlier: BillRow) => {
        if (earlier.requestHash !== key?.requestHash) throw new AppError('CONFLICT', keyUsedMessage(earlier.invoiceNumber));
        const [bill] = await withItems([earlier]);
        return bill!;
      };
      const known = key && (await billByIdempotencyKey(db, key.adminId, key.key));
      if (known) return repeat(known);
      // In production, no tax invoice under the demo's GSTIN: the owner saves the shop's details first (issue 39).
      await settings.assertTakingOrders('counter');
      const at = now();
      const shop = await settings.get();
      const outcome = await db.transaction(async (tx) => {
        if (key) {
          await lockIdempotencyKey(tx, key.adminId, key.key);
          const earlier = await billByIdempotencyKey(tx, key.adminId, key.key);
          if (earlier) return { earlier };
        }
        const lines: Array<Omit<ItemRow, 'id' | 'billId' | 'discountPaise'>> = [];
        // Each line's category, for a coupon limited to some (a free-text line has none).
        const lineCategories: Array<string | null> = [];
        const wanted = new Map<string, inventory.StockItem & { name: string }>();
        const rates = gstRatesOn(at);
        for (const [index, item] of input.items.entries()) {
          const discountBasisPoints = Math.round((item.discount ?? 0) * 100);
          if (!item.productId) {
            // A service or an item not in the catalogue: the HSN/SAC and rate the cashier chose (job work by default).
            const rate = item.gstRate ?? JOB_WORK_RATE;
            if (!rates.includes(rate)) {
              const message = `GST rate must be one of ${rates.map((known) => `${known}%`).join(', ')}.`;
              throw new AppError('INVALID_DATA', `items.${index}.gstRate: ${message}`, { [`items.${index}.gstRate`]: message });
            }
            lines.push({
              productId: null,
              variantId: null,
              name: item.name!,
              sku: null,
              categoryName: null,
              hsnCode: item.hsnCode ?? JOB_WORK_SAC,
              unitPricePaise: item.price!,
              quantity: item.quantity,
              lineTotalPaise: item.price! * item.quantity,
              discountBasisPoints,
              gstRateBasisPoints: Math.round(rate * 100),
              position: index,
            });
            lineCategories.push(null);
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
            discountBasisPoints,
            gstRateBasisPoints: null,
            position: index,
          });
          lineCategories.push(found.category_id);
          const key = found.variant_id ?? found.product_id;
          const entry = wanted.get(key) ?? { productId: found.product_id, variantId: found.variant_id, quantity: 0, name: lineName(found) };
          entry.quantity += item.quantity;
          wanted.set(key, entry);
        }
        const priceLines = lines.map((line) => ({
          price: line.unitPricePaise,
          quantity: line.quantity,
          discount: line.discountBasisPoints / 100,
        }));
        const coupon = input.couponCode ? await billCoupon(tx, input.couponCode, priceLines, input.discount, lineCategories, at) : null;
        const flatLimit = maxFlatDiscount(priceLines, input.discount) - (coupon?.amount ?? 0);
        if (input.discountFlat > flatLimit) {
          const message = `The flat discount can be at most ${formatINR(flatLimit)}, what is left to pay${coupon ? ' after the coupon' : ''}.`;
          throw new AppError('INVALID_DATA', `discountFlat: ${message}`, { discountFlat: message });
        }
        // A coupon's discount comes after the bill's percentage, with the flat discount: the invoice shares it over the lines.
        const totals = billTotals(priceLines, input.discount, input.discountFlat + (coupon?.amount ?? 0));
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
        if (coupon) await claimBillUse(tx, { couponId: coupon.couponId, billId, discountPaise: coupon.amount, at });
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
            discountFlatPaise: totals.flatDiscount,
            roundOffPaise: totals.roundOff,
            totalPaise: totals.total,
            placeOfSupply: shop.state,
            ...businessBuyerFieldsOf(businessBuyerOf(input)),
            createdBy: actor.id,
            createdByLabel: actor.label,
            createdAt: at,
            idempotencyKey: key?.key ?? null,
            requestHash: key?.requestHash ?? null,
          },
          lines.map((line, index) => ({ ...line, discountPaise: totals.lines[index]!.discountAmount })),
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
              ...(saved.row.buyerGstin ? { buyerGstin: saved.row.buyerGstin, buyerName: saved.row.buyerName } : {}),
              totalPaise: saved.row.totalPaise,
              discount: input.discount,
              discountFlatPaise: totals.flatDiscount,
              ...(coupon ? { couponCode: input.couponCode, couponDiscountPaise: coupon.amount } : {}),
              roundOffPaise: totals.roundOff,
              items: saved.items.map((item) => ({
                name: item.name,
                sku: item.sku,
                hsnCode: item.hsnCode,
                quantity: item.quantity,
                total: item.lineTotalPaise,
                discountPaise: item.discountPaise,
              })),
              payments: paid.payments,
            },
          },
          at,
        );
        return { saved };
      });
      if (outcome.earlier) return repeat(outcome.earlier);
      const { row, items, payments } = outcome.saved;
      deps.metrics?.bills.inc();
      publishProducts(items);
      return toBill(row, items, payments, shop.state);
    },

    /**
     * Voids a bill on the India day it was made (an owner's mistake at the counter; owners only): the
     * pieces go back on the shelf, the bill keeps its number in the series marked void and leaves the day's sales
     * and takings. A bill with returns is not voided (its credit notes stand); one void already is refused.
     */
    async voidBill(actor: AuditActor, billId: string, input: VoidBillInput): Promise<Bill> {
      requireOwner(actor);
      if (!isUuid(billId)) throw new AppError('NOT_FOUND', 'Bill not found');
      const at = now();
      const { row, items } = await db.transaction(async (tx) => {
        const bill = await lockBill(tx, billId);
        if (!bill) throw new AppError('NOT_FOUND', 'Bill not found');
        if (bill.status === 'void') throw new AppError('CONFLICT', 'This bill is already void.');
        if (istDay(bill.createdAt) !== istDay(at)) {
          throw new AppError('CONFLICT', 'Only a bill made today can be voided; return its items instead.');
        }
        const lines = (await itemsOfBills(tx, [bill.id])).get(bill.id) ?? [];
        if ((await returnedQuantities(tx, [bill.id])).size > 0) {
          throw new AppError('CONFLICT', 'This bill has returns, so it cannot be voided.');
        }
        await inventory.putBack(tx, stockOf(lines.map((item) => ({ item, quantity: item.quantity }))), {
          reason: 'bill_void',
          actor: inventory.stockActor.admin(actor),
          billId: bill.id,
        });
        const voided = await markBillVoid(tx, bill.id, { at, reason: input.reason, by: actor.id, byLabel: actor.label });
        await recordAudit(
          tx,
          actor,
          {
            action: 'bill.void',
            entity: 'bill',
            entityId: bill.id,
            before: { invoiceNumber: bill.invoiceNumber, status: bill.status, totalPaise: bill.totalPaise },
            after: { status: 'void', reason: input.reason },
          },
          at,
        );
        return { row: voided, items: lines };
      });
      publishProducts(items);
      const [bill] = await withItems([row]);
      return bill!;
    },

    /**
     * Pieces of a bill brought back: each line refunds its share of what the bill charged (returnShare, so a line
     * returned in parts refunds exactly its whole), at the GST rate of its invoice line; the pieces go back on the
     * shelf; a credit note numbered in its own financial-year series, all in one transaction with the bill locked,
     * so two returns of one bill cannot together take back more than was sold (409).
     */
    async returnItems(actor: AuditActor, billId: string, input: ReturnItemsInput): Promise<CreditNote> {
      if (!isUuid(billId)) throw new AppError('NOT_FOUND', 'Bill not found');
      const at = now();
      const [{ state }, policy] = await Promise.all([settings.get(), counterReturnPolicy()]);
      // Staff who may issue none are refused before the bill is read; the amount and day are checked on the locked bill.
      if (actor.role !== 'owner' && policy.staffMaxPaise <= 0) throw new AppError('NOT_ALLOWED', OWNER_DOES_RETURNS);
      const result = await db.transaction(async (tx) => {
        const bill = await lockBill(tx, billId);
        if (!bill) throw new AppError('NOT_FOUND', 'Bill not found');
        if (bill.status === 'void') throw new AppError('CONFLICT', 'This bill is void; nothing on it can be returned.');
        const billLines = (await itemsOfBills(tx, [bill.id])).get(bill.id) ?? [];
        const returnedBefore = await returnedQuantities(tx, [bill.id]);
        const invoice = invoiceOf(bill, billLines, state);
        const lines = input.items.map((wanted, index) => {
          const position = billLines.findIndex((item) => item.id === wanted.itemId);
          if (position === -1) {
            const message = 'This item is not on the bill.';
            throw new AppError('INVALID_DATA', `items.${index}.itemId: ${message}`, { [`items.${index}.itemId`]: message });
          }
          const item = billLines[position]!;
          const before = returnedBefore.get(item.id) ?? 0;
          const left = item.quantity - before;
          if (wanted.quantity > left) {
            const message =
              left === 0 ? `Every piece of ${item.name} has been returned already.` : `Only ${left} of ${item.name} can be returned.`;
            throw new AppError('CONFLICT', message, { [`items.${index}.quantity`]: message });
          }
          const charged = invoice.lines[position]!;
          return {
            item,
            quantity: wanted.quantity,
            amount: returnShare(charged.amount, item.quantity, before, wanted.quantity),
            rate: charged.rate,
          };
        });
        const refused = counterReturnRefusal(policy, actor.role, {
          billAt: bill.createdAt,
          refundPaise: lines.reduce((sum, line) => sum + line.amount, 0),
          at,
        });
        if (refused) throw new AppError('NOT_ALLOWED', refused);
        await inventory.putBack(tx, stockOf(lines), {
          reason: 'bill_return',
          actor: inventory.stockActor.admin(actor),
          billId: bill.id,
        });
        const financialYear = financialYearOf(at);
        const sequence = await nextCreditNoteSequence(tx, financialYear);
        const total = lines.reduce((sum, line) => sum + line.amount, 0);
        const saved = await insertCreditNote(
          tx,
          {
            creditNoteNumber: formatInvoiceNumber(financialYear, sequence, 'CN'),
            financialYear,
            sequence,
            billId: bill.id,
            totalPaise: total,
            refundMode: input.refundMode,
            reason: input.reason,
            createdBy: actor.id,
            createdByLabel: actor.label,
            createdAt: at,
          },
          lines.map((line, position) => ({
            billItemId: line.item.id,
            orderItemId: null,
            quantity: line.quantity,
            amountPaise: line.amount,
            gstRateBasisPoints: Math.round(line.rate * 100),
            position,
          })),
        );
        await recordAudit(
          tx,
          actor,
          {
            action: 'bill.return',
            entity: 'bill',
            entityId: bill.id,
            after: {
              invoiceNumber: bill.invoiceNumber,
              creditNoteNumber: saved.row.creditNoteNumber,
              totalPaise: total,
              refundMode: input.refundMode,
              reason: input.reason,
              items: lines.map((line) => ({ name: line.item.name, sku: line.item.sku, quantity: line.quantity, refund: line.amount })),
            },
          },
          at,
        );
        return { ...saved, bill, billLines };
      });
      publishProducts(result.billLines);
      return toCreditNote(result.row, result.items, result.bill, result.billLines, state);
    },

    /** Who may issue a counter credit note: the bill page offers staff the form, or says the owner does returns. */
    returnPolicy(): Promise<CounterReturnPolicy> {
      return counterReturnPolicy();
    },

    async creditNote(creditNoteId: string): Promise<CreditNote> {
      const found = isUuid(creditNoteId) ? await creditNoteById(db, creditNoteId) : undefined;
      // An online order's notes are the order's (GET /api/admin/order/getCreditNote/{orderId}).
      if (!found?.row.billId) throw new AppError('NOT_FOUND', 'Credit note not found');
      const bill = (await billById(db, found.row.billId))!;
      const [{ state }, lines] = await Promise.all([settings.get(), itemsOfBills(db, [bill.id])]);
      return toCreditNote(found.row, found.items, bill, lines.get(bill.id) ?? [], state);
    },

    creditNoteRegister,

    /**
     * The counter's GST documents issued in [from, before) for the GST return (issue 43): every bill (a void one
     * marked, its number stays in the series) and every counter credit note, each as issued (toBill's and the
     * note's own tax lines), a note with the bill it reduces, whenever that was made.
     */
    async gstDocuments(from: Date, before: Date): Promise<{ invoices: GstInvoiceDocument[]; creditNotes: GstCreditNoteDocument[] }> {
      const [rows, allNotes] = await Promise.all([
        billsOf(db, { from, before }, MAX_EXPORT_BILLS),
        creditNotesIssued(db, from, before, MAX_EXPORT_BILLS),
      ]);
      if (rows.length === MAX_EXPORT_BILLS || allNotes.length === MAX_EXPORT_BILLS) {
        throw new AppError('INVALID_DATA', `period: more than ${MAX_EXPORT_BILLS} bills or credit notes in it; choose a month.`);
      }
      const notes = allNotes.filter((note) => note.billId);
      const known = new Set(rows.map((row) => row.id));
      const earlier = await billsByIds(db, [...new Set(notes.map((note) => note.billId!).filter((id) => !known.has(id)))]);
      const every = [...rows, ...earlier];
      const { state } = await settings.get();
      const [byBill, noteLines] = await Promise.all([
        itemsOfBills(
          db,
          every.map((row) => row.id),
        ),
        creditNoteLines(
          db,
          notes.map((note) => note.id),
        ),
      ]);
      const documentOf = new Map(
        every.map((row) => {
          const items = byBill.get(row.id) ?? [];
          const invoice = invoiceOf(row, items, row.seller?.state ?? state);
          return [row.id, gstDocumentOfBill(toBill(row, items, [], state), invoice.lines)] as const;
        }),
      );
      return {
        invoices: rows.map((row) => documentOf.get(row.id)!),
        creditNotes: notes.map((note) => {
          const bill = every.find((row) => row.id === note.billId)!;
          const lines = noteLines.get(note.id) ?? [];
          const billLines = byBill.get(bill.id) ?? [];
          const { tax } = creditNoteTaxOf(lines, bill, billLines, state);
          return gstDocumentOfBillCreditNote(toCreditNote(note, lines, bill, billLines, state), tax.lines, documentOf.get(bill.id)!);
        }),
      };
    },

    /** When the counter's first bill was made; null before any. */
    firstInvoiceAt: () => firstBillAt(db),

    /** The register as CSV for Excel (a UTF-8 BOM, India times, rupees), as the bills' CSV: the owner's. */
    async exportCreditNotes(actor: AuditActor, query: DayRangeQuery): Promise<string> {
      requireOwner(actor);
      const { creditNotes } = await creditNoteRegister(query);
      const money = (paise: number) => paiseToDecimal(paise);
      const lines = creditNotes.map((row) =>
        csvRow([
          row.creditNoteNumber,
          istTimestamp(new Date(row.createdAt)),
          row.channel,
          row.invoiceNumber,
          row.buyer,
          money(row.taxableValue),
          money(row.cgst),
          money(row.sgst),
          money(row.igst),
          money(row.total),
        ]),
      );
      return UTF8_BOM + stringify(lines, { header: true, columns: [...CREDIT_NOTE_CSV_COLUMNS] });
    },

    async get(billId: string): Promise<Bill> {
      if (!isUuid(billId)) throw new AppError('NOT_FOUND', 'Bill not found');
      const row = await billById(db, billId);
      if (!row) throw new AppError('NOT_FOUND', 'Bill not found');
      const [bill] = await withItems([row]);
      return bill!;
    },

    /**
     * The customer a mobile typed at the counter belongs to (issue 26): the name of her last bill, else her shop
     * account's (by the mobile of her profile or an address); null when the shop has never seen the number.
     */
    async findCustomer(phone: string): Promise<CounterCustomer | null> {
      const [billed, shopper] = await Promise.all([billsOfPhone(db, phone), shopperByPhone(db, phone, userIdsWithAddressPhone(phone))]);
      if (billed.count === 0 && !shopper) return null;
      const accountName = shopper ? `${shopper.firstName} ${shopper.lastName}`.trim() : '';
      return {
        name: billed.lastName || accountName,
        phone,
        bills: billed.count,
        lastBillAt: billed.lastAt?.toISOString() ?? null,
        userId: shopper?.id ?? null,
      };
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

    /**
     * The bills of a filter as CSV for Excel (a UTF-8 BOM, times in India, amounts in rupees, GST split), newest
     * first, one row per line item (BILL_CSV_COLUMNS).
     */
    async exportCsv(actor: AuditActor, query: Omit<BillQuery, 'page'>): Promise<string> {
      // Every bill's takings and customers: the owner's (issue 40), whichever way the export is asked for.
      requireOwner(actor);
      const rows = await billsOf(db, filterOf(query), MAX_EXPORT_BILLS);
      const ids = rows.map((row) => row.id);
      const [{ state }, itemsByBill, paidByBill, notesByBill] = await Promise.all([
        settings.get(),
        itemsOfBills(db, ids),
        paymentsOfBills(db, ids),
        creditNotesOfBills(db, ids),
      ]);
      const money = (paise: number) => paiseToDecimal(paise);
      const lines = rows.flatMap((row) => {
        const items = itemsByBill.get(row.id) ?? [];
        const bill = toBill(row, items, paidByBill.get(row.id) ?? [], state, {
          returned: new Map(),
          creditNotes: notesByBill.get(row.id) ?? [],
        });
        const invoice = invoiceOf(row, items, state);
        const paidBy = (mode: BillPaymentMode) => bill.payments.find((payment) => payment.mode === mode);
        const billCells = [
          money(bill.subtotal),
          String(bill.discount),
          money(bill.discountFlat),
          money(bill.discountAmount),
          money(bill.roundOff),
          money(bill.totalPrice),
          ...BILL_PAYMENT_MODES.map((mode) => {
            const payment = paidBy(mode);
            return payment ? money(payment.amount) : '';
          }),
          paidBy('cash')?.tendered === undefined ? '' : money(paidBy('cash')!.tendered!),
          bill.creditNotes.map((note) => `${note.creditNoteNumber} ${money(note.total)}`).join('; '),
        ];
        // Every text cell through core's csvCell, the products CSV's rule too: a formula is kept as text.
        return bill.items.map((item, index) => {
          const taxed = invoice.lines[index]!;
          return csvRow([
            bill.invoiceNumber,
            istTimestamp(new Date(bill.createdAt)),
            bill.customerName || 'Unknown',
            bill.customerPhone,
            bill.status,
            index + 1,
            item.name,
            item.sku ?? '',
            item.hsnCode,
            item.quantity,
            money(item.price),
            money(item.total),
            money(item.discountAmount),
            money(taxed.amount),
            String(taxed.rate),
            money(taxed.taxableValue),
            money(taxed.cgst),
            money(taxed.sgst),
            money(taxed.igst),
            money(taxed.cgst + taxed.sgst + taxed.igst),
            ...(index === 0 ? billCells : billCells.map(() => '')),
            bill.buyerGstin ?? '',
            bill.buyerName ?? '',
          ]);
        });
      });
      const csv = stringify(lines, { header: true, columns: [...BILL_CSV_COLUMNS] });
      return UTF8_BOM + csv;
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;

import { ADMIN_PAGE_SIZE, AppError, isUuid, type StockHistory, type StockHistoryQuery, type StockMovement } from '@shop/core';
import { usersByIds } from '../accounts/queries.js';
import { adminNames } from '../admin/queries.js';
import { invoiceNumbers } from '../billing/queries.js';
import { lockShelves, putBackRow, shelfOfId, stockLeft, takeRow, writeShelves } from '../catalogue/stock-queries.js';
import type { Db } from '../db/database.js';
import { orderNumbers } from '../orders/queries.js';
import {
  insertMovements,
  ledgerProductOf,
  movementPage,
  stockOrder,
  type MovementRow,
  type NewMovement,
  type StockItem,
  type StockTarget,
} from './queries.js';
import type { StockReason } from './tables.js';

// Inventory (issue 25, ADR 023): the one owner of every change of a shelf quantity. Each function works in the
// caller's transaction and writes a stock_movements row per changed shelf in that same transaction, so a change
// that is rolled back leaves no ledger row, and one that commits always has its row.

export { stockOrder, type StockItem, type StockTarget };

/** Who changed stock, as the ledger stores it: 'admin:<id>', 'shopper:<id>', 'system' or 'razorpay'. */
export const stockActor = {
  /** A signed-in admin; the command line (no id) counts as the system. */
  admin: (admin: { id: string | null }) => (admin.id ? `admin:${admin.id}` : 'system'),
  shopper: (userId: string) => `shopper:${userId}`,
  system: 'system',
  razorpay: 'razorpay',
} as const;

/** Why and on whose behalf: written on every ledger row of one call. */
export interface StockMeta {
  reason: StockReason;
  actor: string;
  orderId?: string | null;
  billId?: string | null;
  importId?: string | null;
}

export type TakeOutcome<T> = { ok: true } | { ok: false; item: T; left: number };

const movement = (target: StockTarget, change: number, quantityAfter: number, meta: StockMeta): NewMovement => ({
  productId: target.productId,
  variantId: target.variantId,
  change,
  quantityAfter,
  reason: meta.reason,
  orderId: meta.orderId ?? null,
  billId: meta.billId ?? null,
  importId: meta.importId ?? null,
  actor: meta.actor,
});

/**
 * Takes every item off the shelf, in the global lock order, each with a conditional update that never goes
 * below zero. Stops at the first item short of pieces and answers it with what is left; the caller then rolls
 * back (a throw, or a savepoint), which takes the ledger rows of the items already taken with it.
 */
export async function take<T extends StockItem>(tx: Db, items: readonly T[], meta: StockMeta): Promise<TakeOutcome<T>> {
  const taken: NewMovement[] = [];
  for (const item of [...items].filter((item) => item.quantity > 0).sort(stockOrder)) {
    const after = await takeRow(tx, item);
    if (after === null) {
      await insertMovements(tx, taken);
      return { ok: false, item, left: await stockLeft(tx, item) };
    }
    taken.push(movement(item, -item.quantity, after, meta));
  }
  await insertMovements(tx, taken);
  return { ok: true };
}

/** Puts items back on the shelf in the global lock order; a variant or product gone or archived since is skipped. */
export async function putBack<T extends StockItem>(tx: Db, items: readonly T[], meta: StockMeta): Promise<T[]> {
  const back: T[] = [];
  const rows: NewMovement[] = [];
  for (const item of [...items].filter((item) => item.quantity > 0).sort(stockOrder)) {
    const after = await putBackRow(tx, item);
    if (after === null) continue;
    back.push(item);
    rows.push(movement(item, item.quantity, after, meta));
  }
  await insertMovements(tx, rows);
  return back;
}

/**
 * Records pieces that came back and were written off (a return's damaged piece, issue 40): one ledger row per piece
 * (the change is 0, so the rows count the pieces), with the shelf unchanged: it never goes back on sale.
 */
export async function writeOff<T extends StockItem>(tx: Db, items: readonly T[], meta: StockMeta): Promise<void> {
  const rows: NewMovement[] = [];
  for (const item of [...items].filter((item) => item.quantity > 0).sort(stockOrder)) {
    const left = await stockLeft(tx, item);
    for (let piece = 0; piece < item.quantity; piece++) rows.push(movement(item, 0, left, meta));
  }
  await insertMovements(tx, rows);
}

export interface StockSet extends StockTarget {
  quantity: number;
}

export interface StockSetResult extends StockTarget {
  before: number;
  after: number;
}

/**
 * Sets absolute quantities (an admin's edit, a CSV import, a new product's opening stock): locks the rows in the
 * global order, writes the ones that differ and records each difference. Answers before and after of every row
 * found; a missing one is left out.
 */
export async function set(tx: Db, entries: readonly StockSet[], meta: StockMeta): Promise<StockSetResult[]> {
  const results: StockSetResult[] = [];
  const rows: NewMovement[] = [];
  for (const kind of ['variant', 'product'] as const) {
    const mine = entries.filter((entry) => (kind === 'variant') === (entry.variantId !== null));
    if (mine.length === 0) continue;
    const wanted = new Map(mine.map((entry) => [entry.variantId ?? entry.productId, entry.quantity]));
    const current = await lockShelves(tx, kind, [...wanted.keys()]);
    const changed: Array<{ id: string; quantity: number }> = [];
    for (const row of current) {
      const quantity = wanted.get(row.id)!;
      const target: StockTarget = { productId: row.productId, variantId: kind === 'variant' ? row.id : null };
      results.push({ ...target, before: row.quantity, after: quantity });
      if (quantity === row.quantity) continue;
      changed.push({ id: row.id, quantity });
      rows.push(movement(target, quantity - row.quantity, quantity, meta));
    }
    await writeShelves(tx, kind, changed);
  }
  await insertMovements(tx, rows);
  return results;
}

/** Sets one shelf's quantity (see set); answers before and after, or null when the row is gone. */
export async function setOne(tx: Db, target: StockTarget, quantity: number, meta: StockMeta): Promise<StockSetResult | null> {
  const [result] = await set(tx, [{ ...target, quantity }], meta);
  return result ?? null;
}

const ACTOR_NAMES: Record<string, string> = { system: 'System', razorpay: 'Razorpay' };

const ADMIN = 'admin:';
const SHOPPER = 'shopper:';
const idsOf = (rows: MovementRow[], prefix: string) =>
  rows.flatMap((row) => (row.actor.startsWith(prefix) && isUuid(row.actor.slice(prefix.length)) ? [row.actor.slice(prefix.length)] : []));

/**
 * The ledger rows as the back-office shows them: who by name (admins and shoppers as they are named now, or
 * 'A removed …'), and the order's number or the bill's invoice number, each asked of the domain that keeps it.
 */
async function withNames(db: Db, rows: MovementRow[]): Promise<StockMovement[]> {
  const [admins, shoppers, orders, bills] = await Promise.all([
    adminNames(db, idsOf(rows, ADMIN)),
    usersByIds(db, idsOf(rows, SHOPPER)),
    orderNumbers(
      db,
      rows.flatMap((row) => (row.order_id ? [row.order_id] : [])),
    ),
    invoiceNumbers(
      db,
      rows.flatMap((row) => (row.bill_id ? [row.bill_id] : [])),
    ),
  ]);
  const actorName = (actor: string): string => {
    if (actor.startsWith(ADMIN)) return admins.get(actor.slice(ADMIN.length)) ?? 'A removed admin';
    if (actor.startsWith(SHOPPER)) return shoppers.get(actor.slice(SHOPPER.length))?.name ?? 'A removed shopper';
    return ACTOR_NAMES[actor] ?? actor;
  };
  return rows.map((row) => ({
    change: Number(row.change),
    quantityAfter: Number(row.quantity_after),
    reason: row.reason as StockReason,
    orderId: row.order_id,
    orderNumber: (row.order_id && orders.get(row.order_id)) ?? null,
    billId: row.bill_id,
    invoiceNumber: (row.bill_id && bills.get(row.bill_id)) ?? null,
    importId: row.import_id,
    actorName: actorName(row.actor),
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/** The back-office's reads of the ledger. */
export function createInventoryService(db: Db) {
  /** The shelf an id names: a variant (also one deleted since, by its ledger rows), or a variant-less product. */
  async function shelfOf(id: string): Promise<StockTarget> {
    if (isUuid(id)) {
      const { variantProductId, isProduct } = await shelfOfId(db, id);
      const productId = variantProductId ?? (await ledgerProductOf(db, id));
      if (productId) return { productId, variantId: id };
      if (isProduct) return { productId: id, variantId: null };
    }
    throw new AppError('NOT_FOUND', 'Variant not found');
  }

  /**
   * GET /api/admin/product/stockHistory/{variantId}: a variant's stock changes newest first, 50 a page, with
   * who made each (by name), why, and its order or bill. A product sold without variants is asked by its own id.
   */
  async function historyPage(variantId: string, query: StockHistoryQuery = {}): Promise<StockHistory> {
    const target = await shelfOf(variantId);
    const page = query.page ?? 1;
    const limit = ADMIN_PAGE_SIZE;
    const { rows, total } = await movementPage(db, target, limit, (page - 1) * limit);
    return { movements: await withNames(db, rows), total, page, limit };
  }

  return {
    historyPage,
    /** The newest page of a variant's stock changes (PageServices.inventory; the page must check its admin first). */
    history: async (variantId: string): Promise<StockMovement[]> => (await historyPage(variantId)).movements,
  };
}

export type InventoryService = ReturnType<typeof createInventoryService>;

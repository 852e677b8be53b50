import type { OrderStatus } from '@shop/core';
import { and, asc, desc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { containsPattern, pgArray, selectRows, type Db } from '../db/database.js';
import { advisoryLock, jsonRows, sqlStatement, statement, tableRow } from '../db/statements.js';
import { orderEvents, orderItems, orderNumberCounters, orderReturnItems, orderStatusCounts, orders } from './tables.js';

// The SQL of orders, their lines and events. Order numbering must stay right under concurrency; an order's status
// is written by setOrderStatus alone, called by the state machine's move() (status-writes.test.ts keeps it so).
// Stock moves live in inventory/.

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;
/** Pieces of one order line a return sends back, and the reason asked for them (null: asked before lines had one). */
export type ReturnItemRow = { orderItemId: string; quantity: number; reason: string | null };
type NewReturnItem = Omit<ReturnItemRow, 'reason'> & { reason?: string | null };

/** Columns a status change may set beside the status itself. */
export type OrderChanges = Partial<Omit<OrderRow, 'id' | 'status' | 'updatedAt'>>;

/** An order by id or by its Razorpay order. */
export type OrderKey = { id: string } | { razorpayOrderId: string };

// Every order's checkout reads and locks its order several times: these are built once (db/statements.ts).
const orderById = statement('order_by_id', (db, name) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.id, sql.placeholder('id')))
    .prepare(name),
);
const orderByRazorpayOrder = statement('order_by_razorpay_order', (db, name) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.razorpayOrderId, sql.placeholder('razorpayOrderId')))
    .prepare(name),
);
const lockOrderById = statement('order_by_id_locked', (db, name) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.id, sql.placeholder('id')))
    .for('update')
    .prepare(name),
);
const lockOrderByRazorpayOrder = statement('order_by_razorpay_order_locked', (db, name) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.razorpayOrderId, sql.placeholder('razorpayOrderId')))
    .for('update')
    .prepare(name),
);

export async function orderOf(db: Db, key: OrderKey): Promise<OrderRow | undefined> {
  const [row] = 'id' in key ? await orderById(db, key) : await orderByRazorpayOrder(db, key);
  return row;
}

// An order's page, the answer to its payment and the back-office's detail read the order with its lines, timeline and
// the pieces its return names in one statement, built once (was four round trips).
const orderWithPartsStatement = sqlStatement<Record<string, unknown>, { id: string }>(
  'order_with_parts',
  sql`
    select o.*,
      coalesce((select json_agg(i order by i.position) from ${orderItems} i where i.order_id = o.id), '[]') as parts_items,
      coalesce((select json_agg(e order by e.created_at, e.id) from ${orderEvents} e where e.order_id = o.id), '[]') as parts_events,
      coalesce(
        (select json_agg(json_build_object('orderItemId', r.order_item_id, 'quantity', r.quantity, 'reason', r.reason) order by r.order_item_id)
          from ${orderReturnItems} r where r.order_id = o.id),
        '[]'
      ) as parts_return_items
    from ${orders} o where o.id = ${sql.placeholder('id')}`,
);

/** An order with its lines (in their order), its timeline (oldest first) and its return's pieces; undefined when there is none. */
export async function orderWithParts(
  db: Db,
  orderId: string,
): Promise<{ order: OrderRow; items: OrderItemRow[]; events: OrderEventRow[]; returnItems: ReturnItemRow[] } | undefined> {
  const [row] = await orderWithPartsStatement(db, { id: orderId });
  if (!row) return undefined;
  return {
    order: tableRow(orders, row),
    items: (row.parts_items as Array<Record<string, unknown>>).map((item) => tableRow(orderItems, item)),
    events: (row.parts_events as Array<Record<string, unknown>>).map((event) => tableRow(orderEvents, event)),
    returnItems: row.parts_return_items as ReturnItemRow[],
  };
}

/** Reads and locks an order for a change in the caller's transaction; undefined when there is none. */
export async function lockOrder(tx: Db, key: OrderKey): Promise<OrderRow | undefined> {
  const [row] = 'id' in key ? await lockOrderById(tx, key) : await lockOrderByRazorpayOrder(tx, key);
  return row;
}

/** One checkout per shopper at a time: held until the caller's transaction ends. */
export async function lockCheckout(tx: Db, userId: string): Promise<void> {
  await advisoryLock(tx, `checkout:${userId}`);
}

/** A point the caller's transaction can go back to (`rollbackToSavepoint`) without ending. */
export async function savepoint(tx: Db, name: 'late_payment'): Promise<void> {
  await tx.execute(sql.raw(`savepoint ${name}`));
}

export async function rollbackToSavepoint(tx: Db, name: 'late_payment'): Promise<void> {
  await tx.execute(sql.raw(`rollback to savepoint ${name}`));
}

const payableStatement = statement('order_payable_of_user', (db, name) =>
  db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, sql.placeholder('userId')),
        eq(orders.status, 'pending_payment'),
        sql`${orders.reservedUntil} > ${sql.placeholder('at')}`,
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(1)
    .prepare(name),
);

/** The shopper's newest COD order still waiting for her code within its 24 hours, or undefined (issue 41). */
export async function waitingCodOrderOf(tx: Db, userId: string, at: Date): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'awaiting_confirmation'), sql`${orders.reservedUntil} > ${at}`))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return row;
}

/** The shopper's newest order still waiting for payment with its reservation running, or undefined. */
export async function payableOrderOf(tx: Db, userId: string, at: Date): Promise<OrderRow | undefined> {
  const [row] = await payableStatement(tx, { userId, at });
  return row;
}

// Every checkout numbers and writes an order, its items and its first event: one statement, built once
// (db/statements.ts), the last of checkout's transaction. The month's counter row is what every checkout waits its
// turn for, and the statement takes it first: it is held for the rest of this statement and the commit, no round
// trip to the shop in between (ADR 030). The number is @shop/core's formatOrderNumber, written in SQL.
const ORDER_COLUMNS = [
  'id',
  'userId',
  'status',
  'address',
  'subtotalPaise',
  'discountPaise',
  'discounts',
  'couponCode',
  'shippingPaise',
  'paymentMethod',
  'codFeePaise',
  'totalPaise',
  'buyerGstin',
  'buyerName',
  'buyerState',
  'reservedUntil',
  'createdAt',
  'updatedAt',
] as const;
const ITEM_COLUMNS = [
  'orderId',
  'productId',
  'variantId',
  'productName',
  'productDescription',
  'categoryId',
  'categoryName',
  'hsnCode',
  'variantName',
  'variantColor',
  'variantSize',
  'sku',
  'unitMrpPaise',
  'discountPercent',
  'unitPricePaise',
  'quantity',
  'lineTotalPaise',
  'discountPaise',
  'imageUrl',
  'position',
] as const;
const EVENT_COLUMNS = ['orderId', 'status', 'actor', 'note', 'createdAt'] as const;
const yearMonth = sql.placeholder('yearMonth');
const orderRows = jsonRows(orders, ORDER_COLUMNS, {
  orderNumber: sql`'ORD-' || ${yearMonth} || '-' || case when counter.last < 1000000 then lpad(counter.last::text, 6, '0') else counter.last::text end`,
});
const itemRows = jsonRows(orderItems, ITEM_COLUMNS);
const eventRows = jsonRows(orderEvents, EVENT_COLUMNS);
const placeOrderStatement = sqlStatement<Record<string, unknown>, { yearMonth: string; order: string; items: string; event: string }>(
  'order_place',
  sql`
    with counter as (
      insert into ${orderNumberCounters} (year_month, last) values (${yearMonth}, 1)
      on conflict (year_month) do update set last = ${orderNumberCounters}.last + 1 returning last
    ),
    placed as (${orderRows.insert('order', sql`counter`)} returning *),
    items as (${itemRows.insert('items')}),
    event as (${eventRows.insert('event')})
    select * from placed`,
);

/** A new order as checkout places it (its number is drawn as it is written), its items and its first event. */
export type NewOrder = Pick<typeof orders.$inferInsert, (typeof ORDER_COLUMNS)[number]> & { id: string };
export type NewOrderItem = Omit<Pick<typeof orderItems.$inferInsert, (typeof ITEM_COLUMNS)[number]>, 'orderId'>;
export type NewOrderEvent = Omit<Pick<typeof orderEvents.$inferInsert, (typeof EVENT_COLUMNS)[number]>, 'orderId'>;

/**
 * Writes a new order with the next number of its month (`yearMonth`, orderNumberMonth of when it is placed), its
 * lines and its first event, in the caller's transaction, as the last thing it writes before it commits.
 */
export async function placeOrder(
  tx: Db,
  order: NewOrder & { yearMonth: string },
  items: readonly NewOrderItem[],
  event: NewOrderEvent,
): Promise<OrderRow> {
  const { yearMonth: month, ...row } = order;
  const [placed] = await placeOrderStatement(tx, {
    yearMonth: month,
    order: orderRows.encode([{ ...row, reservedUntil: row.reservedUntil ?? null }]),
    items: itemRows.encode(items.map((item) => ({ ...item, orderId: row.id }))),
    event: eventRows.encode([{ ...event, orderId: row.id }]),
  });
  return tableRow(orders, placed!);
}

/** An order withdrawn before it was ever payable (its lines go with it). */
export async function deleteOrder(tx: Db, orderId: string): Promise<void> {
  await tx.delete(orders).where(eq(orders.id, orderId));
}

// A status write sets the status and the columns that move with it (paidAt with a payment, cancelReason with a
// cancellation…): one statement built once for each set of columns (db/statements.ts), a handful in all.
const statusWrites = new Map<string, (db: Db, values: Record<string, unknown>) => Promise<OrderRow[]>>();

/** The one write of an order's status, with the columns that change with it. Only move() in service.ts calls it. */
export async function setOrderStatus(tx: Db, orderId: string, status: OrderStatus, extra: OrderChanges, at: Date): Promise<OrderRow> {
  const columns = Object.keys(extra)
    .filter((column) => extra[column as keyof OrderChanges] !== undefined)
    .sort();
  let write = statusWrites.get(columns.join(','));
  if (!write) {
    // Placeholders in sql`` (drizzle's update takes no bare placeholder): values go to the driver as given.
    const set = Object.fromEntries(columns.map((column) => [column, sql`${sql.placeholder(column)}`]));
    write = statement(`order_set_status${columns.map((column) => `_${column}`).join('')}`, (db, name) =>
      db
        .update(orders)
        .set({ ...set, status: sql`${sql.placeholder('status')}`, updatedAt: sql`${sql.placeholder('updatedAt')}` })
        .where(eq(orders.id, sql.placeholder('orderId')))
        .returning()
        .prepare(name),
    );
    statusWrites.set(columns.join(','), write);
  }
  // The row as written, with what the triggers set (the invoice number of a payment): no read after.
  const [row] = await write(tx, { ...extra, status, updatedAt: at, orderId });
  return row!;
}

const razorpayOrderStatement = statement('order_set_razorpay_order', (db, name) =>
  db
    .update(orders)
    .set({ razorpayOrderId: sql`${sql.placeholder('razorpayOrderId')}`, updatedAt: sql`${sql.placeholder('at')}` })
    .where(eq(orders.id, sql.placeholder('orderId')))
    .prepare(name),
);

/** Records the Razorpay order opened for an order's payment (every checkout does). */
export async function setRazorpayOrder(db: Db, orderId: string, razorpayOrderId: string, at: Date): Promise<void> {
  await razorpayOrderStatement(db, { orderId, razorpayOrderId, at });
}

/** Changes an order's columns other than its status; answers the row after. */
export async function updateOrder(tx: Db, orderId: string, changes: OrderChanges & { updatedAt?: Date }): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({ ...changes })
    .where(eq(orders.id, orderId))
    .returning();
  return row!;
}

const itemsStatement = statement('order_items_of_order', (db, name) =>
  db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, sql.placeholder('orderId')))
    .orderBy(asc(orderItems.position))
    .prepare(name),
);

/** An order's lines in their order. */
export function itemsOfOrder(db: Db, orderId: string): Promise<OrderItemRow[]> {
  return itemsStatement(db, { orderId });
}

/** The lines of several orders, each order's in their order. */
export function itemsOfOrders(db: Db, orderIds: readonly string[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...orderIds]))
    .orderBy(asc(orderItems.position));
}

const returnItemsStatement = statement('order_return_items_of_order', (db, name) =>
  db
    .select({ orderItemId: orderReturnItems.orderItemId, quantity: orderReturnItems.quantity, reason: orderReturnItems.reason })
    .from(orderReturnItems)
    .where(eq(orderReturnItems.orderId, sql.placeholder('orderId')))
    .prepare(name),
);

/** The pieces an order's return asks to send back, by order line. */
export function returnItemsOfOrder(db: Db, orderId: string): Promise<ReturnItemRow[]> {
  return returnItemsStatement(db, { orderId });
}

/** Replaces the pieces an order's return asks to send back (a request after a rejected one starts afresh). */
export async function replaceReturnItems(tx: Db, orderId: string, lines: NewReturnItem[]): Promise<void> {
  await tx.delete(orderReturnItems).where(eq(orderReturnItems.orderId, orderId));
  if (lines.length > 0) await tx.insert(orderReturnItems).values(lines.map((line) => ({ ...line, orderId })));
}

/** What a received return did with each line's pieces (issue 40): restocked and written off. */
export type ReturnReceiptRow = { orderItemId: string; quantity: number; restocked: number | null; writtenOff: number | null };

/** Each return line's pieces restocked and written off, as the receipt recorded them (null before receipt). */
export function returnReceiptOf(db: Db, orderId: string): Promise<ReturnReceiptRow[]> {
  return db
    .select({
      orderItemId: orderReturnItems.orderItemId,
      quantity: orderReturnItems.quantity,
      restocked: orderReturnItems.restockedQuantity,
      writtenOff: orderReturnItems.writtenOffQuantity,
    })
    .from(orderReturnItems)
    .where(eq(orderReturnItems.orderId, orderId));
}

/** Records a return's receipt line by line: pieces restocked and written off (a line it did not name gets its row). */
export async function saveReturnReceipt(
  tx: Db,
  orderId: string,
  lines: Array<{ orderItemId: string; quantity: number; restocked: number; writtenOff: number }>,
): Promise<void> {
  if (lines.length === 0) return;
  await tx
    .insert(orderReturnItems)
    .values(
      lines.map((line) => ({
        orderId,
        orderItemId: line.orderItemId,
        quantity: line.quantity,
        restockedQuantity: line.restocked,
        writtenOffQuantity: line.writtenOff,
      })),
    )
    .onConflictDoUpdate({
      target: [orderReturnItems.orderId, orderReturnItems.orderItemId],
      set: { restockedQuantity: sql`excluded.restocked_quantity`, writtenOffQuantity: sql`excluded.written_off_quantity` },
    });
}

/** Adds lines to an open return, or sets the pieces of lines it holds (their reason stays the one first asked). */
export async function saveReturnItems(tx: Db, orderId: string, lines: NewReturnItem[]): Promise<void> {
  if (lines.length === 0) return;
  await tx
    .insert(orderReturnItems)
    .values(lines.map((line) => ({ ...line, orderId })))
    .onConflictDoUpdate({
      target: [orderReturnItems.orderId, orderReturnItems.orderItemId],
      set: { quantity: sql`excluded.quantity` },
    });
}

const insertEventStatement = statement('order_event_insert', (db, name) =>
  db
    .insert(orderEvents)
    .values({
      orderId: sql.placeholder('orderId'),
      status: sql.placeholder('status'),
      actor: sql.placeholder('actor'),
      actorName: sql.placeholder('actorName'),
      note: sql.placeholder('note'),
      createdAt: sql.placeholder('createdAt'),
    })
    .prepare(name),
);

export async function insertOrderEvent(
  tx: Db,
  event: { orderId: string; status: OrderStatus; actor: string; actorName?: string | null; note: string; createdAt: Date },
): Promise<void> {
  await insertEventStatement(tx, { ...event, actorName: event.actorName ?? null });
}

const eventsStatement = statement('order_events_of_order', (db, name) =>
  db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, sql.placeholder('orderId')))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id))
    .prepare(name),
);

/** An order's timeline, oldest first. */
export function eventsOfOrder(db: Db, orderId: string): Promise<OrderEventRow[]> {
  return eventsStatement(db, { orderId });
}

/** An order's events newest first: status and who. */
export function eventsNewestFirst(tx: Db, orderId: string): Promise<Array<{ status: string; actor: string }>> {
  return tx
    .select({ status: orderEvents.status, actor: orderEvents.actor })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(desc(orderEvents.id));
}

/** A shopper's newest orders. */
export function ordersOfUser(db: Db, userId: string, limit: number): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt)).limit(limit);
}

/** Unpaid orders whose reservation ran out by `at`, and COD orders not confirmed in time (issue 41), oldest first. */
export function ordersDueForExpiry(db: Db, at: Date, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(inArray(orders.status, ['pending_payment', 'awaiting_confirmation']), lt(orders.reservedUntil, at)))
    .orderBy(asc(orders.reservedUntil))
    .limit(limit);
}

/** The next running number of the month, from a counter row bumped in the caller's transaction (never max()+1). */
export async function nextOrderSequence(tx: Db, yearMonth: string): Promise<number> {
  const rows = await nextSequenceStatement(tx, { yearMonth });
  return Number(rows[0]!.last);
}
const nextSequenceStatement = sqlStatement<{ last: number }, { yearMonth: string }>(
  'order_number_next',
  sql`insert into ${orderNumberCounters} (year_month, last) values (${sql.placeholder('yearMonth')}, 1)
      on conflict (year_month) do update set last = ${orderNumberCounters}.last + 1 returning last`,
);

/** Whether any order (of any status) holds a line of the variant: such a variant is archived, never deleted. */
export async function variantWasOrdered(db: Db, variantId: string): Promise<boolean> {
  const rows = await db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.variantId, variantId)).limit(1);
  return rows.length > 0;
}

/**
 * Per shopper: her paid orders, what those not cancelled were paid (a cancelled one's refund is on its way) and
 * their ids, whose processed refunds the caller takes off (issue 40: a partly returned order counts what she kept).
 * Shoppers with no paid order are left out.
 */
export async function orderStatsOfUsers(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, { orders: number; paid: number; kept: string[] }>> {
  if (userIds.length === 0) return new Map();
  const rows = await selectRows<{ user_id: string; orders: number; paid: string; kept: string[] | null }>(
    db,
    sql`select user_id, count(*)::int as orders, coalesce(sum(total_paise) filter (where status <> 'cancelled'), 0)::bigint as paid,
          array_agg(id) filter (where status <> 'cancelled') as kept
        from ${orders} where user_id = any(${pgArray(userIds)}::uuid[]) and paid_at is not null group by user_id`,
  );
  return new Map(rows.map((row) => [row.user_id, { orders: Number(row.orders), paid: Number(row.paid), kept: row.kept ?? [] }]));
}

/** Whether the shopper received the product: a line of one of her orders that was delivered, even if sent back since. */
export async function hasReceived(db: Db, userId: string, productId: string): Promise<boolean> {
  const rows = await selectRows<{ found: number }>(
    db,
    sql`select 1 as found from ${orders} o join ${orderItems} i on i.order_id = o.id
        where o.user_id = ${userId} and i.product_id = ${productId} and o.delivered_at is not null
        limit 1`,
  );
  return rows.length > 0;
}

/** Order numbers by order id (orders that are gone are left out). */
/** Orders paid (so invoiced) in [from, before), oldest invoice first, at most `limit`. */
export async function paidOrdersBetween(db: Db, from: Date | undefined, before: Date | undefined, limit: number): Promise<OrderRow[]> {
  const conditions: SQL[] = [sql`${orders.paidAt} is not null`];
  if (from) conditions.push(sql`${orders.paidAt} >= ${from.toISOString()}::timestamptz`);
  if (before) conditions.push(sql`${orders.paidAt} < ${before.toISOString()}::timestamptz`);
  return db
    .select()
    .from(orders)
    .where(and(...conditions))
    .orderBy(asc(orders.paidAt), asc(orders.invoiceNumber))
    .limit(limit);
}

/**
 * Orders whose tax invoice was issued in [from, before) (issue 43): paid online, or confirmed for cash on delivery
 * (invoiceInstant: confirmed_at, else paid_at), oldest invoice first, at most `limit`.
 */
export async function invoicedOrdersBetween(db: Db, from: Date, before: Date, limit: number): Promise<OrderRow[]> {
  const issued = sql`coalesce(${orders.confirmedAt}, ${orders.paidAt})`;
  return db
    .select()
    .from(orders)
    .where(
      and(
        sql`${orders.invoiceNumber} is not null`,
        sql`${issued} >= ${from.toISOString()}::timestamptz`,
        sql`${issued} < ${before.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(issued), asc(orders.invoiceNumber))
    .limit(limit);
}

/** When the first online tax invoice was issued; null before any. */
export async function firstOrderInvoiceAt(db: Db): Promise<Date | null> {
  const [row] = await selectRows<{ at: string | Date | null }>(
    db,
    sql`select min(coalesce(${orders.confirmedAt}, ${orders.paidAt})) as at from ${orders} where ${orders.invoiceNumber} is not null`,
  );
  return row?.at ? new Date(row.at) : null;
}

/** The orders of the given ids (in no particular order); unknown ids are left out. */
export async function ordersByIds(db: Db, orderIds: readonly string[]): Promise<OrderRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orders)
    .where(inArray(orders.id, [...orderIds]));
}

export async function orderNumbers(db: Db, orderIds: readonly string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await selectRows<{ id: string; order_number: string }>(
    db,
    sql`select id, order_number from ${orders} where id = any(${pgArray([...new Set(orderIds)])}::uuid[])`,
  );
  return new Map(rows.map((row) => [row.id, row.order_number]));
}

/** Paid orders waiting to be packed, and orders placed in [from, to) and paid. */
export async function orderCounts(db: Db, placedFrom: Date, placedBefore: Date): Promise<{ toPack: number; placed: number }> {
  const [row] = await selectRows<{ to_pack: number; placed: number }>(
    db,
    sql`select (select count(*)::int from ${orders} where status = 'paid') as to_pack,
               (select count(*)::int from ${orders}
                  where paid_at is not null and created_at >= ${placedFrom} and created_at < ${placedBefore}) as placed`,
  );
  return { toPack: Number(row?.to_pack ?? 0), placed: Number(row?.placed ?? 0) };
}

/** Orders by status over all time, from the counts the order triggers keep. */
export async function orderStatusTotals(db: Db): Promise<Map<OrderStatus, number>> {
  const rows = await selectRows<{ status: OrderStatus; count: string }>(
    db,
    sql`select status, sum(orders) as count from ${orderStatusCounts} group by status`,
  );
  return new Map(rows.map((row) => [row.status, Number(row.count)]));
}

export interface OrderListFilter {
  status?: OrderStatus;
  /** Cash-on-delivery or online orders only (issue 41). */
  paymentMethod?: 'online' | 'cod';
  /** Placed at or after this instant. */
  from?: Date;
  /** Placed before this instant. */
  before?: Date;
  /** Order number or delivery name contains `text`, delivery phone contains `digits`, or the shopper is one of `customers` (a subquery of ids). */
  search?: { text: string; digits?: string; customers: SQL };
}

export interface OrderListRow {
  id: string;
  order_number: string;
  status: OrderStatus;
  total_paise: number;
  payment_method: 'online' | 'cod';
  cod_fee_paise: number;
  created_at: string | Date;
  user_id: string;
  address_phone: string;
  item_count: number;
  image: string | null;
}

function listConditions(filter: OrderListFilter): SQL {
  const where: SQL[] = [sql`true`];
  if (filter.status) where.push(sql`o.status = ${filter.status}`);
  if (filter.paymentMethod) where.push(sql`o.payment_method = ${filter.paymentMethod}`);
  if (filter.from) where.push(sql`o.created_at >= ${filter.from}`);
  if (filter.before) where.push(sql`o.created_at < ${filter.before}`);
  if (filter.search) {
    const { text, digits, customers } = filter.search;
    const like = containsPattern(text);
    where.push(
      sql`(o.order_number ilike ${like} or o.user_id = any(array(${customers})) or o.address->>'name' ilike ${like}${
        digits ? sql` or o.address->>'phone' like ${`%${digits}%`}` : sql``
      })`,
    );
  }
  return sql.join(where, sql` and `);
}

/** A page of the orders of a filter, newest first, with their pieces and first photo, and how many there are in all. */
export async function orderListPage(
  db: Db,
  filter: OrderListFilter,
  limit: number,
  offset: number,
): Promise<{ rows: OrderListRow[]; total: number }> {
  const rows = await selectRows<OrderListRow & { total: number }>(
    db,
    sql`
    select o.id, o.order_number, o.status, o.total_paise, o.payment_method, o.cod_fee_paise, o.created_at, o.user_id, o.address->>'phone' as address_phone,
      (select coalesce(sum(i.quantity), 0)::int from ${orderItems} i where i.order_id = o.id) as item_count,
      (select i.image_url from ${orderItems} i where i.order_id = o.id and i.image_url is not null order by i.position limit 1) as image,
      count(*) over () as total
    from ${orders} o
    where ${listConditions(filter)}
    order by o.created_at desc, o.id limit ${limit} offset ${offset}`,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && offset > 0) {
    const [counted] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from ${orders} o where ${listConditions(filter)}`);
    total = Number(counted?.n ?? 0);
  }
  return { rows, total };
}

/**
 * Whether the shopper has an order that counts as a first order for a coupon's rules (issue 41): paid or confirmed and
 * not cancelled (an order waiting for payment or for her code, cancelled or expired, is not a first order).
 */
export async function hasCountingOrder(db: Db, userId: string): Promise<boolean> {
  const [ordered] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        sql`${orders.status} not in ('pending_payment', 'cancelled', 'awaiting_confirmation')`,
        isNull(orders.cancelReason),
      ),
    );
  return (ordered?.n ?? 0) > 0;
}

/** Cash on delivery still to collect (issue 41's report): COD orders shipped and not yet delivered, and their totals. */
export async function codOrdersToCollect(db: Db) {
  return selectRows<{ orders: string; amount: string }>(
    db,
    sql`select count(*) as orders, coalesce(sum(total_paise), 0) as amount
        from orders where payment_method = 'cod' and status = 'shipped'`,
  );
}

/** COD orders shipped in [start, stop) (their 'shipped' event), and how many of them came back to origin. */
export async function codOrdersShippedIn(db: Db, start: string, stop: string) {
  return selectRows<{ shipped: string; returned: string }>(
    db,
    sql`select count(*) as shipped, count(*) filter (where o.status = 'returned_to_origin') as returned
        from orders o
        where o.payment_method = 'cod'
          and exists (select 1 from order_events e where e.order_id = o.id and e.status = 'shipped'
                      and e.created_at >= ${start}::timestamptz and e.created_at < ${stop}::timestamptz)`,
  );
}

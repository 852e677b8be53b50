import { BILL_PAYMENT_MODES, type BillPaymentMode } from '@shop/core';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { containsPattern, pgArray, selectRows, type Db } from '../db/database.js';
import { advisoryLock } from '../db/statements.js';
import { billInvoiceCounters, billItems, billPayments, bills, creditNoteCounters, creditNoteItems, creditNotes } from './tables.js';

// The SQL of billing: the invoice counter that must stay right under concurrency, and the bills and their lines.

export type BillRow = typeof bills.$inferSelect;
export type BillItemRow = typeof billItems.$inferSelect;
export type BillPaymentRow = typeof billPayments.$inferSelect;
export type CreditNoteRow = typeof creditNotes.$inferSelect;
export type CreditNoteItemRow = typeof creditNoteItems.$inferSelect;

/** Bumps a financial year's running number in the caller's transaction (never max()+1): gapless under concurrency. */
async function nextInSeries(tx: Db, counters: typeof billInvoiceCounters | typeof creditNoteCounters, financialYear: string) {
  const rows = await selectRows<{ last: number }>(
    tx,
    sql`insert into ${counters} (financial_year, last) values (${financialYear}, 1)
        on conflict (financial_year) do update set last = ${counters}.last + 1 returning last`,
  );
  return Number(rows[0]!.last);
}

/** The next invoice number of the financial year. */
export const nextInvoiceSequence = (tx: Db, financialYear: string) => nextInSeries(tx, billInvoiceCounters, financialYear);

/** The next credit-note number of the financial year, from the credit notes' own counter. */
export const nextCreditNoteSequence = (tx: Db, financialYear: string) => nextInSeries(tx, creditNoteCounters, financialYear);

/** Writes a bill, its lines and its payments in the caller's transaction; answers them, each in their order. */
export async function insertBill(
  tx: Db,
  bill: typeof bills.$inferInsert,
  lines: Array<Omit<BillItemRow, 'id' | 'billId'>>,
  payments: Array<Omit<BillPaymentRow, 'id' | 'billId'>>,
): Promise<{ row: BillRow; items: BillItemRow[]; payments: BillPaymentRow[] }> {
  const [row] = await tx.insert(bills).values(bill).returning();
  const items = await tx
    .insert(billItems)
    .values(lines.map((line) => ({ ...line, billId: row!.id })))
    .returning();
  const paid =
    payments.length === 0
      ? []
      : await tx
          .insert(billPayments)
          .values(payments.map((payment) => ({ ...payment, billId: row!.id })))
          .returning();
  return {
    row: row!,
    items: items.sort((a, b) => a.position - b.position),
    payments: paid.sort((a, b) => a.position - b.position),
  };
}

/** The payments of the given bills, by bill, each bill's in their order. */
export async function paymentsOfBills(db: Db, billIds: readonly string[]): Promise<Map<string, BillPaymentRow[]>> {
  const byBill = new Map<string, BillPaymentRow[]>();
  if (billIds.length === 0) return byBill;
  const rows = await db
    .select()
    .from(billPayments)
    .where(inArray(billPayments.billId, [...billIds]))
    .orderBy(asc(billPayments.position));
  for (const payment of rows) byBill.set(payment.billId, [...(byBill.get(payment.billId) ?? []), payment]);
  return byBill;
}

/**
 * The counter's takings per payment mode over [from, before), net of the refunds of credit notes issued then: what the
 * till should hold, and what came by UPI and card. A void bill took nothing.
 */
export async function takingsByMode(db: Db, from: Date, before: Date): Promise<Record<BillPaymentMode, number>> {
  const after = from.toISOString();
  const until = before.toISOString();
  const rows = await selectRows<{ mode: BillPaymentMode; amount: string | number }>(
    db,
    sql`select mode, sum(amount)::bigint as amount from (
          select p.mode, p.amount_paise as amount
          from ${billPayments} p join ${bills} b on b.id = p.bill_id
          where b.created_at >= ${after}::timestamptz and b.created_at < ${until}::timestamptz and b.status = 'paid'
          union all
          select n.refund_mode, -n.total_paise from ${creditNotes} n
          where n.created_at >= ${after}::timestamptz and n.created_at < ${until}::timestamptz and n.bill_id is not null
        ) taken group by mode`,
  );
  const takings = Object.fromEntries(BILL_PAYMENT_MODES.map((mode) => [mode, 0])) as Record<BillPaymentMode, number>;
  for (const row of rows) takings[row.mode] = Number(row.amount);
  return takings;
}

/** The bill an admin saved with an Idempotency-Key, if any. */
export async function billByIdempotencyKey(db: Db, adminId: string, key: string): Promise<BillRow | undefined> {
  const [row] = await db
    .select()
    .from(bills)
    .where(and(eq(bills.createdBy, adminId), eq(bills.idempotencyKey, key)));
  return row;
}

/**
 * One save per admin and Idempotency-Key at a time, held until the caller's transaction ends: a retry that races the
 * first attempt waits for it, then finds its bill.
 */
export async function lockIdempotencyKey(tx: Db, adminId: string, key: string): Promise<void> {
  await advisoryLock(tx, `bill-key:${adminId}:${key}`);
}

/** The bills of the given ids (in no particular order). */
export async function billsByIds(db: Db, billIds: readonly string[]): Promise<BillRow[]> {
  if (billIds.length === 0) return [];
  return db
    .select()
    .from(bills)
    .where(inArray(bills.id, [...billIds]));
}

export async function billById(db: Db, billId: string): Promise<BillRow | undefined> {
  const [row] = await db.select().from(bills).where(eq(bills.id, billId));
  return row;
}

/** The bill, locked for the caller's transaction: a void and a return of one bill wait for each other. */
export async function lockBill(tx: Db, billId: string): Promise<BillRow | undefined> {
  const [row] = await tx.select().from(bills).where(eq(bills.id, billId)).for('update');
  return row;
}

/** Marks a bill void in the caller's transaction (its sale leaves the rollups by trigger). */
export async function markBillVoid(
  tx: Db,
  billId: string,
  change: { at: Date; reason: string; by: string | null; byLabel: string },
): Promise<BillRow> {
  const [row] = await tx
    .update(bills)
    .set({ status: 'void', voidedAt: change.at, voidReason: change.reason, voidedBy: change.by, voidedByLabel: change.byLabel })
    .where(eq(bills.id, billId))
    .returning();
  return row!;
}

/** Writes a credit note and its lines in the caller's transaction; answers them, the lines in their order. */
export async function insertCreditNote(
  tx: Db,
  note: typeof creditNotes.$inferInsert,
  lines: Array<Omit<CreditNoteItemRow, 'id' | 'creditNoteId'>>,
): Promise<{ row: CreditNoteRow; items: CreditNoteItemRow[] }> {
  const [row] = await tx.insert(creditNotes).values(note).returning();
  const items = await tx
    .insert(creditNoteItems)
    .values(lines.map((line) => ({ ...line, creditNoteId: row!.id })))
    .returning();
  return { row: row!, items: items.sort((a, b) => a.position - b.position) };
}

export async function creditNoteById(
  db: Db,
  creditNoteId: string,
): Promise<{ row: CreditNoteRow; items: CreditNoteItemRow[] } | undefined> {
  const [row] = await db.select().from(creditNotes).where(eq(creditNotes.id, creditNoteId));
  if (!row) return undefined;
  const items = await db
    .select()
    .from(creditNoteItems)
    .where(eq(creditNoteItems.creditNoteId, row.id))
    .orderBy(asc(creditNoteItems.position));
  return { row, items };
}

/** The credit notes of the given bills, by bill, oldest first. */
export async function creditNotesOfBills(db: Db, billIds: readonly string[]): Promise<Map<string, CreditNoteRow[]>> {
  const byBill = new Map<string, CreditNoteRow[]>();
  if (billIds.length === 0) return byBill;
  const rows = await db
    .select()
    .from(creditNotes)
    .where(inArray(creditNotes.billId, [...billIds]))
    .orderBy(asc(creditNotes.createdAt), asc(creditNotes.sequence));
  for (const note of rows) byBill.set(note.billId!, [...(byBill.get(note.billId!) ?? []), note]);
  return byBill;
}

/** The credit notes of the given online orders with their lines, by order, each order's oldest first. */
export async function creditNotesOfOrders(
  db: Db,
  orderIds: readonly string[],
): Promise<Map<string, Array<{ row: CreditNoteRow; items: CreditNoteItemRow[] }>>> {
  const byOrder = new Map<string, Array<{ row: CreditNoteRow; items: CreditNoteItemRow[] }>>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(creditNotes)
    .where(inArray(creditNotes.orderId, [...orderIds]))
    .orderBy(asc(creditNotes.createdAt), asc(creditNotes.sequence));
  const lines = await creditNoteLines(
    db,
    rows.map((row) => row.id),
  );
  for (const row of rows) byOrder.set(row.orderId!, [...(byOrder.get(row.orderId!) ?? []), { row, items: lines.get(row.id) ?? [] }]);
  return byOrder;
}

/** The lines of the given credit notes, by note, each note's in their order. */
export async function creditNoteLines(db: Db, noteIds: readonly string[]): Promise<Map<string, CreditNoteItemRow[]>> {
  const byNote = new Map<string, CreditNoteItemRow[]>();
  if (noteIds.length === 0) return byNote;
  const rows = await db
    .select()
    .from(creditNoteItems)
    .where(inArray(creditNoteItems.creditNoteId, [...noteIds]))
    .orderBy(asc(creditNoteItems.position));
  for (const line of rows) byNote.set(line.creditNoteId, [...(byNote.get(line.creditNoteId) ?? []), line]);
  return byNote;
}

/** Every credit note issued in [from, before), counter and online, oldest first (by number within an instant). */
export async function creditNotesIssued(db: Db, from: Date | null, before: Date | null, limit: number): Promise<CreditNoteRow[]> {
  const conditions: SQL[] = [];
  if (from) conditions.push(sql`${creditNotes.createdAt} >= ${from.toISOString()}::timestamptz`);
  if (before) conditions.push(sql`${creditNotes.createdAt} < ${before.toISOString()}::timestamptz`);
  return db
    .select()
    .from(creditNotes)
    .where(and(...conditions))
    .orderBy(asc(creditNotes.createdAt), asc(creditNotes.financialYear), asc(creditNotes.sequence))
    .limit(limit);
}

/** Pieces returned so far of each line of the given bills, by bill line id (lines never returned are left out). */
export async function returnedQuantities(db: Db, billIds: readonly string[]): Promise<Map<string, number>> {
  if (billIds.length === 0) return new Map();
  const rows = await selectRows<{ bill_item_id: string; quantity: string | number }>(
    db,
    sql`select ci.bill_item_id, sum(ci.quantity)::int as quantity
        from ${creditNoteItems} ci join ${creditNotes} n on n.id = ci.credit_note_id
        where n.bill_id = any(${pgArray([...new Set(billIds)])}::uuid[])
        group by ci.bill_item_id`,
  );
  return new Map(rows.map((row) => [row.bill_item_id, Number(row.quantity)]));
}

/** The lines of the given bills, by bill, each bill's in their order. */
export async function itemsOfBills(db: Db, billIds: readonly string[]): Promise<Map<string, BillItemRow[]>> {
  const byBill = new Map<string, BillItemRow[]>();
  if (billIds.length === 0) return byBill;
  const items = await db
    .select()
    .from(billItems)
    .where(inArray(billItems.billId, [...billIds]))
    .orderBy(asc(billItems.position));
  for (const item of items) byBill.set(item.billId, [...(byBill.get(item.billId) ?? []), item]);
  return byBill;
}

export interface BillFilter {
  /** The customer's name contains it (any case). */
  customer?: string;
  /** The customer's mobile contains these digits. */
  phone?: string;
  /** The bill number contains it (upper case, as numbers are written). */
  invoice?: string;
  /** Paid (at least partly) by this mode. */
  mode?: BillPaymentMode;
  /** Paid or void. */
  status?: BillRow['status'];
  /** Bills made at or after this instant. */
  from?: Date;
  /** Bills made before this instant. */
  before?: Date;
}

function conditions(filter: BillFilter): SQL {
  const where: SQL[] = [sql`true`];
  if (filter.customer) {
    const like = containsPattern(filter.customer.toLowerCase());
    where.push(sql`lower(${bills.customerName}) like ${like}`);
  }
  if (filter.phone) where.push(sql`${bills.customerPhone} like ${containsPattern(filter.phone)}`);
  if (filter.invoice) where.push(sql`${bills.invoiceNumber} like ${containsPattern(filter.invoice)}`);
  if (filter.mode) {
    where.push(sql`exists (select 1 from ${billPayments} p where p.bill_id = ${bills.id} and p.mode = ${filter.mode})`);
  }
  if (filter.status) where.push(sql`${bills.status} = ${filter.status}`);
  if (filter.from) where.push(sql`${bills.createdAt} >= ${filter.from}`);
  if (filter.before) where.push(sql`${bills.createdAt} < ${filter.before}`);
  return sql.join(where, sql` and `);
}

/** The bills of a filter, newest first, `limit` from `offset`. */
export function billsOf(db: Db, filter: BillFilter, limit: number, offset = 0): Promise<BillRow[]> {
  return db
    .select()
    .from(bills)
    .where(conditions(filter))
    .orderBy(sql`${bills.createdAt} desc, ${bills.sequence} desc`)
    .limit(limit)
    .offset(offset);
}

/** A page of the bills of a filter, and how many there are in all. */
export async function billPage(db: Db, filter: BillFilter, limit: number, offset: number): Promise<{ rows: BillRow[]; total: number }> {
  const [rows, counted] = await Promise.all([
    billsOf(db, filter, limit, offset),
    selectRows<{ n: number }>(db, sql`select count(*)::int as n from ${bills} where ${conditions(filter)}`),
  ]);
  return { rows, total: Number(counted[0]?.n ?? 0) };
}

/** The newest counter bills of customers with any of the given 10-digit mobile numbers, with their pieces. */
export async function billsOfPhones(db: Db, phones: readonly string[], limit: number): Promise<Array<BillRow & { itemCount: number }>> {
  const wanted = [...new Set(phones.filter(Boolean))];
  if (wanted.length === 0) return [];
  const rows = await db
    .select()
    .from(bills)
    .where(inArray(bills.customerPhone, wanted))
    .orderBy(sql`${bills.createdAt} desc, ${bills.sequence} desc`)
    .limit(limit);
  const pieces = await selectRows<{ bill_id: string; pieces: number }>(
    db,
    sql`select bill_id, sum(quantity)::int as pieces from ${billItems}
        where bill_id = any(${pgArray(rows.map((row) => row.id))}::uuid[]) group by bill_id`,
  );
  const byBill = new Map(pieces.map((row) => [row.bill_id, Number(row.pieces)]));
  return rows.map((row) => ({ ...row, itemCount: byBill.get(row.id) ?? 0 }));
}

/** How many bills a mobile has, and the newest of them with a name (the name she was billed under last). */
export async function billsOfPhone(db: Db, phone: string): Promise<{ count: number; lastName: string; lastAt: Date | null }> {
  const [row] = await selectRows<{ count: number; last_name: string | null; last_at: string | Date | null }>(
    db,
    sql`select count(*)::int as count,
          (select customer_name from ${bills} where customer_phone = ${phone} and customer_name <> '' order by created_at desc limit 1) as last_name,
          max(created_at) as last_at
        from ${bills} where customer_phone = ${phone}`,
  );
  return { count: Number(row?.count ?? 0), lastName: row?.last_name ?? '', lastAt: row?.last_at ? new Date(row.last_at) : null };
}

/** Invoice numbers of bills by id (bills that are gone are left out). */
export async function invoiceNumbers(db: Db, billIds: readonly string[]): Promise<Map<string, string>> {
  if (billIds.length === 0) return new Map();
  const rows = await selectRows<{ id: string; invoice_number: string }>(
    db,
    sql`select id, invoice_number from ${bills} where id = any(${pgArray([...new Set(billIds)])}::uuid[])`,
  );
  return new Map(rows.map((row) => [row.id, row.invoice_number]));
}

/** When the first counter bill was made (a void one too: its number was issued); null before any. */
export async function firstBillAt(db: Db): Promise<Date | null> {
  const [row] = await selectRows<{ at: string | Date | null }>(db, sql`select min(${bills.createdAt}) as at from ${bills}`);
  return row?.at ? new Date(row.at) : null;
}

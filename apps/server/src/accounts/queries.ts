import { and, desc, eq, gt, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { containsPattern, selectRows, type Db } from '../db/database.js';
import { statement } from '../db/statements.js';
import { otpCodes, users } from './tables.js';

export type UserRow = typeof users.$inferSelect;
type Executor = Pick<Db, 'select' | 'insert' | 'update'>;

export async function userByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

const userByIdStatement = statement('user_by_id', (db, name) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare(name),
);

export async function userById(db: Db, userId: string): Promise<UserRow | undefined> {
  const [row] = await userByIdStatement(db, { userId });
  return row;
}

/** Reads and locks a shopper's row for a change in the caller's transaction. */
export async function lockUser(tx: Db, userId: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

/** A new shopper, or undefined when the address took an account meanwhile. */
export async function insertUser(tx: Executor, values: typeof users.$inferInsert): Promise<UserRow | undefined> {
  const [row] = await tx.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
  return row;
}

/** Changes a shopper's row: the row after, or undefined when there is none. */
export async function updateUser(db: Executor, userId: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(values).where(eq(users.id, userId)).returning();
  return row;
}

/** Shoppers' names ('First Last'), e-mail addresses and phones by id; ids of no shopper are left out. */
export async function usersByIds(
  db: Pick<Db, 'select'>,
  ids: readonly string[],
): Promise<Map<string, { name: string; email: string; phone: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, { name: `${row.firstName} ${row.lastName}`, email: row.email, phone: row.phone }]));
}

/**
 * The ids of the shoppers whose e-mail or name contains `text` (any case), or whose phone contains `digits`
 * (when given), as a subquery another domain's query may filter by (`user_id in (…)`): a search over shoppers
 * without reading their table.
 */
export function shopperIdsMatching(text: string, digits?: string): SQL {
  const like = containsPattern(text);
  return sql`select id from ${users} where email ilike ${like} or (first_name || ' ' || last_name) ilike ${like}${
    digits ? sql` or phone like ${`%${digits}%`}` : sql``
  }`;
}

/** The newest shopper with this 10-digit mobile on her profile, or among `alsoIds` (e.g. by an address's phone). */
export async function shopperByPhone(db: Db, phone: string, alsoIds: SQL): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`${users.phone} = ${phone} or ${users.id} in (${alsoIds})`)
    .orderBy(sql`${users.createdAt} desc`)
    .limit(1);
  return row;
}

export interface UserFilter {
  /** Name, e-mail or phone contains it (any case). */
  q?: string;
  blocked?: boolean;
  id?: string;
}

export interface UserListRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  created_at: string | Date;
  blocked_at: string | Date | null;
}

function conditions(filter: UserFilter): SQL {
  const where: SQL[] = [sql`true`];
  if (filter.id) where.push(sql`u.id = ${filter.id}`);
  if (filter.q) {
    const like = containsPattern(filter.q);
    where.push(sql`(u.email ilike ${like} or (u.first_name || ' ' || u.last_name) ilike ${like} or u.phone like ${like})`);
  }
  if (filter.blocked !== undefined) where.push(filter.blocked ? sql`u.blocked_at is not null` : sql`u.blocked_at is null`);
  return sql.join(where, sql` and `);
}

/** One page of the shoppers of a filter, newest first, and how many there are in all. */
export async function userPage(db: Db, filter: UserFilter, limit: number, offset: number): Promise<{ rows: UserListRow[]; total: number }> {
  const rows = await selectRows<UserListRow & { total: number }>(
    db,
    sql`select u.id, u.email, u.first_name, u.last_name, u.phone, u.created_at, u.blocked_at, count(*) over () as total
        from ${users} u where ${conditions(filter)}
        order by u.created_at desc, u.id limit ${limit} offset ${offset}`,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && offset > 0) {
    const [counted] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from ${users} u where ${conditions(filter)}`);
    total = Number(counted?.n ?? 0);
  }
  return { rows, total };
}

// ---- One-time codes (code-store.ts) ----

export type OtpCodeRow = typeof otpCodes.$inferSelect;

/** Forgets the codes made before `before`. */
export async function deleteCodesBefore(tx: Db, before: Date): Promise<void> {
  await tx.delete(otpCodes).where(lt(otpCodes.createdAt, before));
}

/** Uses up every unused code of an address for a purpose (a new one replaces them). */
export async function voidCodes(tx: Db, email: string, purpose: OtpCodeRow['purpose'], at: Date): Promise<void> {
  await tx
    .update(otpCodes)
    .set({ consumedAt: at })
    .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)));
}

export async function insertCode(tx: Db, values: typeof otpCodes.$inferInsert): Promise<void> {
  await tx.insert(otpCodes).values(values);
}

/** The address's newest unused code for a purpose. */
export async function currentCode(db: Db, email: string, purpose: OtpCodeRow['purpose']): Promise<OtpCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  return row;
}

/** Counts a wrong try on a code still unused; answers its tries so far, or undefined when it was used meanwhile. */
export async function countWrongTry(db: Db, codeId: string): Promise<number | undefined> {
  const [counted] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(and(eq(otpCodes.id, codeId), isNull(otpCodes.consumedAt)))
    .returning({ attempts: otpCodes.attempts });
  return counted?.attempts;
}

/** Uses a code up, whatever its state. */
export async function voidCode(db: Db, codeId: string, at: Date): Promise<void> {
  await db.update(otpCodes).set({ consumedAt: at }).where(eq(otpCodes.id, codeId));
}

/** Uses a code up if it is still unused (and marks the address verified, for a sign-up code); false when it was not. */
export async function useCode(db: Db, codeId: string, at: Date, verifiedAt: Date | null): Promise<boolean> {
  const [used] = await db
    .update(otpCodes)
    .set({ consumedAt: at, verifiedAt })
    .where(and(eq(otpCodes.id, codeId), isNull(otpCodes.consumedAt)))
    .returning({ id: otpCodes.id });
  return used !== undefined;
}

/** Whether the address entered a correct sign-up code after `since`. */
export async function verifiedSince(db: Db, email: string, since: Date): Promise<boolean> {
  const rows = await db
    .select({ id: otpCodes.id })
    .from(otpCodes)
    .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, 'verify'), gt(otpCodes.verifiedAt, since)))
    .limit(1);
  return rows.length > 0;
}

/** Forgets the address's sign-up verification. */
export async function forgetVerification(db: Pick<Db, 'update'>, email: string): Promise<void> {
  await db
    .update(otpCodes)
    .set({ verifiedAt: null })
    .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, 'verify')));
}

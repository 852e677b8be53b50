import { ADMIN_PAGE_SIZE, AppError, type AdminUserDetail, type AdminUserQuery, type AdminUserRow } from '@shop/core';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { AddressService } from '../addresses/service.js';
import { recordAudit, type AuditActor } from '../audit/service.js';
import { selectRows, type Db } from '../db/database.js';
import type { OrdersService } from '../orders/service.js';
import { orders } from '../orders/tables.js';
import { createSessions } from '../identity/sessions.js';
import { shopperKind } from './session.js';
import { users } from './tables.js';

// The back-office's shoppers: a searchable list with what they ordered and spent, one shopper's orders and
// addresses, and blocking (no login, every session ended) in one audited transaction.

/** Orders that count as bought: paid, and neither cancelled nor refunded. */
const SPENT_STATUSES = sql.raw(`'paid', 'packed', 'shipped', 'delivered', 'return_requested', 'returned'`);

interface UserListRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  created_at: string | Date;
  blocked_at: string | Date | null;
  orders_count: number;
  total_spent: number;
  total: number;
}

const toRow = (row: UserListRow): AdminUserRow => ({
  _id: row.id,
  userEmail: row.email,
  userFirstName: row.first_name,
  userLastName: row.last_name,
  userPhone: row.phone,
  createdAt: new Date(row.created_at).toISOString(),
  ordersCount: Number(row.orders_count),
  totalSpent: Number(row.total_spent),
  blocked: row.blocked_at !== null,
});

const snapshot = (row: typeof users.$inferSelect) => ({ userEmail: row.email, blocked: row.blockedAt !== null });

export function createAdminUsersService(db: Db, deps: { orders: OrdersService; addresses: AddressService; now: () => Date }) {
  const { now } = deps;
  const sessions = createSessions(db, shopperKind, { now });

  async function rows(where: SQL[], page: number, limit: number): Promise<UserListRow[]> {
    return selectRows<UserListRow>(
      db,
      sql`
      select u.id, u.email, u.first_name, u.last_name, u.phone, u.created_at, u.blocked_at,
        (select count(*)::int from ${orders} o where o.user_id = u.id and o.paid_at is not null) as orders_count,
        (select coalesce(sum(o.total_paise), 0)::bigint from ${orders} o where o.user_id = u.id and o.paid_at is not null
          and o.status in (${SPENT_STATUSES})) as total_spent,
        count(*) over () as total
      from ${users} u
      where ${sql.join(where, sql` and `)}
      order by u.created_at desc, u.id limit ${limit} offset ${(page - 1) * limit}`,
    );
  }

  async function setBlocked(actor: AuditActor, userId: string, blocked: boolean): Promise<void> {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!before) throw new AppError('NOT_FOUND', 'User not found');
      if ((before.blockedAt !== null) === blocked) return;
      const [after] = await tx
        .update(users)
        .set({ blockedAt: blocked ? now() : null, updatedAt: now() })
        .where(eq(users.id, userId))
        .returning();
      if (blocked) await sessions.revokeAll(userId, tx);
      await recordAudit(
        tx,
        actor,
        {
          action: blocked ? 'user.block' : 'user.unblock',
          entity: 'user',
          entityId: userId,
          before: snapshot(before),
          after: snapshot(after!),
        },
        now(),
      );
    });
  }

  return {
    /** Newest first; search by name, e-mail or phone. */
    async list(query: AdminUserQuery): Promise<{ users: AdminUserRow[]; total: number; page: number; limit: number }> {
      const page = query.page ?? 1;
      const limit = ADMIN_PAGE_SIZE;
      const where: SQL[] = [sql`true`];
      if (query.q) {
        const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        where.push(sql`(u.email ilike ${like} or (u.first_name || ' ' || u.last_name) ilike ${like} or u.phone like ${like})`);
      }
      if (query.blocked) where.push(query.blocked === 'true' ? sql`u.blocked_at is not null` : sql`u.blocked_at is null`);
      const found = await rows(where, page, limit);
      let total = Number(found[0]?.total ?? 0);
      if (found.length === 0 && page > 1) {
        const [counted] = await selectRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from ${users} u where ${sql.join(where, sql` and `)}`,
        );
        total = Number(counted?.n ?? 0);
      }
      return { users: found.map(toRow), total, page, limit };
    },

    /** One shopper with her orders and addresses. */
    async detail(userId: string): Promise<AdminUserDetail> {
      const [row] = await rows([sql`u.id = ${userId}`], 1, 1);
      if (!row) throw new AppError('NOT_FOUND', 'User not found');
      const [orderList, addresses] = await Promise.all([deps.orders.listMine(userId), deps.addresses.list(userId)]);
      return { user: toRow(row), orders: orderList, addresses };
    },

    /** A blocked shopper cannot log in, and every session she has ends now. Blocking again changes nothing. */
    block: (actor: AuditActor, userId: string) => setBlocked(actor, userId, true),
    unblock: (actor: AuditActor, userId: string) => setBlocked(actor, userId, false),
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;

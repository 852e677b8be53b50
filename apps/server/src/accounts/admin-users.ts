import { ADMIN_PAGE_SIZE, AppError, type AdminUserDetail, type AdminUserQuery, type AdminUserRow } from '@shop/core';
import type { AddressService } from '../addresses/service.js';
import { recordAudit, requireOwner, type AuditActor } from '../audit/service.js';
import { billsOfPhones } from '../billing/queries.js';
import type { Db } from '../db/database.js';
import { orderStatsOfUsers } from '../orders/queries.js';
import { processedRefundsOf } from '../payments/queries.js';
import type { OrdersService } from '../orders/service.js';
import { createSessions } from '../identity/sessions.js';
import { lockUser, updateUser, userPage, type UserFilter, type UserListRow, type UserRow } from './queries.js';
import { shopperKind } from './session.js';

// The back-office's shoppers: a searchable list with what they ordered and spent, one shopper's orders and
// addresses, and blocking (no login, every session ended) in one audited transaction.

const toRow = (row: UserListRow, stats: { orders: number; spent: number } | undefined): AdminUserRow => ({
  _id: row.id,
  userEmail: row.email,
  userFirstName: row.first_name,
  userLastName: row.last_name,
  userPhone: row.phone,
  createdAt: new Date(row.created_at).toISOString(),
  ordersCount: stats?.orders ?? 0,
  totalSpent: stats?.spent ?? 0,
  blocked: row.blocked_at !== null,
});

/** The newest counter bills a customer's page shows. */
const CUSTOMER_BILLS = 50;

const snapshot = (row: UserRow) => ({ userEmail: row.email, blocked: row.blockedAt !== null });

export function createAdminUsersService(db: Db, deps: { orders: OrdersService; addresses: AddressService; now: () => Date }) {
  const { now } = deps;
  const sessions = createSessions(db, shopperKind, { now });

  /**
   * A page of shoppers with what each ordered and spent: what her orders not cancelled were paid, less what was
   * refunded of them (the orders and payments modules count them), as the sales reports count revenue.
   */
  async function rows(filter: UserFilter, page: number, limit: number): Promise<{ users: AdminUserRow[]; total: number }> {
    const found = await userPage(db, filter, limit, (page - 1) * limit);
    const stats = await orderStatsOfUsers(
      db,
      found.rows.map((row) => row.id),
    );
    const refunded = await processedRefundsOf(
      db,
      [...stats.values()].flatMap((stat) => stat.kept),
    );
    const spentOf = (stat: { orders: number; paid: number; kept: string[] }) => ({
      orders: stat.orders,
      spent: stat.paid - stat.kept.reduce((sum, id) => sum + (refunded.get(id) ?? 0), 0),
    });
    return {
      users: found.rows.map((row) => {
        const stat = stats.get(row.id);
        return toRow(row, stat && spentOf(stat));
      }),
      total: found.total,
    };
  }

  /** Owners only, blocking and unblocking alike. */
  async function setBlocked(actor: AuditActor, userId: string, blocked: boolean): Promise<void> {
    requireOwner(actor);
    await db.transaction(async (tx) => {
      const before = await lockUser(tx, userId);
      if (!before) throw new AppError('NOT_FOUND', 'User not found');
      if ((before.blockedAt !== null) === blocked) return;
      const after = await updateUser(tx, userId, { blockedAt: blocked ? now() : null, updatedAt: now() });
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
      const { users, total } = await rows(
        { q: query.q || undefined, blocked: query.blocked ? query.blocked === 'true' : undefined },
        page,
        limit,
      );
      return { users, total, page, limit };
    },

    /** One shopper with her orders, addresses and bills at the counter (by her mobile numbers, asked of billing). */
    async detail(userId: string): Promise<AdminUserDetail> {
      const [user] = (await rows({ id: userId }, 1, 1)).users;
      if (!user) throw new AppError('NOT_FOUND', 'User not found');
      const [orderList, addresses] = await Promise.all([deps.orders.listMine(userId), deps.addresses.list(userId)]);
      const phones = [user.userPhone ?? '', ...addresses.map((address) => address.phone)];
      const counter = await billsOfPhones(db, phones, CUSTOMER_BILLS);
      return {
        user,
        orders: orderList,
        addresses,
        bills: counter.map((bill) => ({
          _id: bill.id,
          invoiceNumber: bill.invoiceNumber,
          createdAt: bill.createdAt.toISOString(),
          totalPrice: bill.totalPaise,
          itemCount: bill.itemCount,
          status: bill.status,
        })),
      };
    },

    /** A blocked shopper cannot log in, and every session she has ends now. Blocking again changes nothing. */
    block: (actor: AuditActor, userId: string) => setBlocked(actor, userId, true),
    unblock: (actor: AuditActor, userId: string) => setBlocked(actor, userId, false),
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;

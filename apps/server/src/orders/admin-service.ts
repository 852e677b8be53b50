import {
  ADMIN_PAGE_SIZE,
  CLAIM_WINDOW_HOURS,
  formatINR,
  istDayEnd,
  istDayStart,
  type AdminOrderDetail,
  type AdminOrderQuery,
  type AdminOrderRow,
  type OrderStatus,
  type UpdateOrderStatusInput,
} from '@shop/core';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { users } from '../accounts/tables.js';
import { recordAudit, type AuditActor } from '../audit/service.js';
import { selectRows, type Db } from '../db/database.js';
import { refunds } from '../payments/tables.js';
import type { PaymentsService } from '../payments/service.js';
import type { OrderNotices } from './notices.js';
import type { InTransaction, OrderChanges, OrderRow, OrdersService } from './service.js';
import { orderEvents, orderItems, orders } from './tables.js';

// The back-office's orders: lists and details, and every change through the orders module (its state machine,
// its locks, its idempotence), with the audit entry in the change's own transaction and the shopper told after.

/** What the audit log keeps of an order. */
const orderSnapshot = (row: OrderRow) => ({
  orderNumber: row.orderNumber,
  status: row.status,
  courier: row.courier,
  trackingNumber: row.trackingNumber,
  deliveredAt: row.deliveredAt,
  cancelReason: row.cancelReason,
  returnReason: row.returnReason,
});

interface ListRow {
  id: string;
  order_number: string;
  status: OrderStatus;
  total_paise: number;
  created_at: string | Date;
  item_count: number;
  image: string | null;
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  total: number;
}

export function createAdminOrdersService(
  db: Db,
  deps: {
    orders: OrdersService;
    payments: PaymentsService;
    notices: OrderNotices;
    now: () => Date;
    /** Moves a stored `/media/…` photo URL under MEDIA_PUBLIC_URL. */
    photoUrl: (stored: string) => string;
  },
) {
  const { orders: orderModule, payments, notices, now } = deps;

  const audited =
    (actor: AuditActor, action: string): InTransaction =>
    (tx, before, after) =>
      recordAudit(
        tx,
        actor,
        { action, entity: 'order', entityId: before.id, before: orderSnapshot(before), after: orderSnapshot(after) },
        now(),
      );

  async function customerOf(userId: string, fallbackPhone: string) {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    return {
      _id: userId,
      name: user ? `${user.firstName} ${user.lastName}` : '',
      email: user?.email ?? '',
      phone: user?.phone ?? fallbackPhone,
    };
  }

  return {
    /** Newest first; status, a search over order number, customer name or e-mail and phone, and a day range (India time). */
    async list(query: AdminOrderQuery): Promise<{ orders: AdminOrderRow[]; total: number; page: number; limit: number }> {
      const page = query.page ?? 1;
      const limit = ADMIN_PAGE_SIZE;
      const where: SQL[] = [sql`true`];
      if (query.status) where.push(sql`o.status = ${query.status}`);
      if (query.from) where.push(sql`o.created_at >= ${istDayStart(query.from)}`);
      if (query.to) where.push(sql`o.created_at < ${istDayEnd(query.to)}`);
      if (query.q) {
        const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const digits = query.q.replace(/\D/g, '');
        where.push(sql`(o.order_number ilike ${like} or u.email ilike ${like} or (u.first_name || ' ' || u.last_name) ilike ${like}
          or o.address->>'name' ilike ${like}${digits.length >= 4 ? sql` or o.address->>'phone' like ${`%${digits}%`} or u.phone like ${`%${digits}%`}` : sql``})`);
      }
      const rows = await selectRows<ListRow>(
        db,
        sql`
        select o.id, o.order_number, o.status, o.total_paise, o.created_at, u.id as user_id, u.first_name, u.last_name, u.email,
          coalesce(u.phone, o.address->>'phone') as phone,
          (select coalesce(sum(i.quantity), 0)::int from ${orderItems} i where i.order_id = o.id) as item_count,
          (select i.image_url from ${orderItems} i where i.order_id = o.id and i.image_url is not null order by i.position limit 1) as image,
          count(*) over () as total
        from ${orders} o join ${users} u on u.id = o.user_id
        where ${sql.join(where, sql` and `)}
        order by o.created_at desc, o.id limit ${limit} offset ${(page - 1) * limit}`,
      );
      let total = Number(rows[0]?.total ?? 0);
      if (rows.length === 0 && page > 1) {
        const [counted] = await selectRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from ${orders} o join ${users} u on u.id = o.user_id where ${sql.join(where, sql` and `)}`,
        );
        total = Number(counted?.n ?? 0);
      }
      return {
        orders: rows.map((row) => ({
          _id: row.id,
          orderNumber: row.order_number,
          status: row.status,
          total: Number(row.total_paise),
          createdAt: new Date(row.created_at).toISOString(),
          itemCount: Number(row.item_count),
          image: row.image && deps.photoUrl(row.image),
          customer: { _id: row.user_id, name: `${row.first_name} ${row.last_name}`, email: row.email, phone: row.phone },
        })),
        total,
        page,
        limit,
      };
    },

    /** The whole order for the detail page and the packing slip: items, address, payment, refunds and who did what. */
    async detail(orderId: string): Promise<AdminOrderDetail> {
      const order = await orderModule.detail(orderId);
      const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
      const [events, refundRows] = await Promise.all([
        db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
        db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt)),
      ]);
      return {
        ...order,
        customer: await customerOf(row!.userId, order.address.phone),
        events: events.map((event) => ({
          status: event.status as OrderStatus,
          note: event.note,
          actor: event.actor,
          at: event.createdAt.toISOString(),
        })),
        refunds: refundRows.map((refund) => ({
          _id: refund.id,
          amount: refund.amountPaise,
          status: refund.status as 'pending' | 'processed' | 'failed',
          reason: refund.reason,
          createdAt: refund.createdAt.toISOString(),
        })),
        returnNote: row!.returnNote,
        deliveredAt: row!.deliveredAt?.toISOString() ?? null,
      };
    },

    /**
     * paid → packed → shipped (courier and tracking number) → delivered. A repeat of the status the order has
     * changes nothing; a shipped order's courier or tracking number may be corrected (audited, told again).
     */
    async updateStatus(actor: AuditActor, orderId: string, input: UpdateOrderStatusInput): Promise<void> {
      const at = now();
      let note: string;
      let extra: OrderChanges = {};
      if (input.status === 'packed') note = 'Your order is packed and will leave us soon.';
      else if (input.status === 'shipped') {
        note = `Your order is on its way with ${input.courier} (tracking number ${input.trackingNumber}).`;
        extra = { courier: input.courier, trackingNumber: input.trackingNumber };
      } else {
        note = `Your order was delivered. If anything is damaged, defective, wrong or missing, tell us within ${CLAIM_WINDOW_HOURS} hours.`;
        extra = { deliveredAt: at };
      }
      const { order, moved } = await orderModule.advance(orderId, input.status, {
        actor: 'admin',
        note,
        extra,
        inTransaction: audited(actor, `order.${input.status}`),
        // The state machine also leads back to delivered from a return request; that is rejectReturn's.
        ...(input.status === 'delivered'
          ? { from: { status: 'shipped' as const, refusal: 'Only a shipped order can be marked delivered.' } }
          : {}),
      });
      // A move's notice was written with it (notices.ts); a corrected tracking number is told in its own transaction.
      if (moved) return;
      if (input.status === 'shipped' && (order.courier !== input.courier || order.trackingNumber !== input.trackingNumber)) {
        await db.transaction(async (tx) => {
          const [before] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
          const [after] = await tx
            .update(orders)
            .set({ courier: input.courier, trackingNumber: input.trackingNumber, updatedAt: now() })
            .where(eq(orders.id, orderId))
            .returning();
          await audited(actor, 'order.tracking')(tx, before!, after!);
          await notices.write(tx, 'status', after!, note);
        });
      }
    },

    /** Cancels before shipping with the stock back and a full Razorpay refund (the payments module's cancel). */
    async cancel(actor: AuditActor, orderId: string, reason: string): Promise<void> {
      await payments.cancelOrder('', orderId, reason, 'admin', audited(actor, 'order.cancel'), actor.id);
    },

    /** A return request accepted: the order is returned, and the refund is the next step. */
    async approveReturn(actor: AuditActor, orderId: string): Promise<void> {
      const note = 'We accepted your return. Your refund follows once we have the items back.';
      await orderModule.advance(orderId, 'returned', {
        actor: 'admin',
        note,
        inTransaction: audited(actor, 'order.return_approved'),
      });
    },

    /** A return request refused with a reason the shopper reads: the order is delivered again. */
    async rejectReturn(actor: AuditActor, orderId: string, reason: string): Promise<void> {
      const note = `We could not accept your return: ${reason}`;
      await orderModule.advance(orderId, 'delivered', {
        actor: 'admin',
        note,
        inTransaction: audited(actor, 'order.return_rejected'),
        from: { status: 'return_requested', refusal: 'This order has no return request to reject.' },
      });
    },

    /** Refunds a returned order in full; it becomes refunded when Razorpay confirms. */
    async refund(actor: AuditActor, orderId: string): Promise<void> {
      await payments.refundReturned(orderId, (tx, order, amount) =>
        recordAudit(
          tx,
          actor,
          {
            action: 'refund.create',
            entity: 'refund',
            entityId: order.id,
            before: orderSnapshot(order),
            after: { orderNumber: order.orderNumber, amount, text: `${formatINR(amount)} refund requested from Razorpay` },
          },
          now(),
        ),
      );
    },
  };
}

export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;

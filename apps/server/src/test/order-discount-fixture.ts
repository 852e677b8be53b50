import { shareInProportion, type OrderDiscount } from '@shop/core';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { orderItems, orders } from '../orders/tables.js';
import { payments } from '../payments/tables.js';

/**
 * Gives an order placed through the API the order-level discounts (and COD fee) that issue 41's pricing and COD
 * placement will write at checkout (branches i41-promo-shopper and i41-cod): each line's share in proportion to its
 * total, to the paisa (core's shareInProportion, as pricing shares them), and the order's total less the discounts
 * plus the fee, as orders_amounts_check requires; a captured payment is recorded for that total, as checkout would
 * have charged it (the Razorpay emulator keeps what it captured). One transaction, as a checkout writes them.
 */
export async function discountOrder(
  db: Db,
  orderId: string,
  change: { discounts?: Array<Omit<OrderDiscount, 'kind'> & { kind?: OrderDiscount['kind'] }>; codFee?: number },
): Promise<{ discount: number; shares: number[] }> {
  const discounts: OrderDiscount[] = (change.discounts ?? []).map((discount) => ({
    kind: discount.kind ?? (discount.code ? 'coupon' : 'offer'),
    ...discount,
  }));
  const discount = discounts.reduce((sum, item) => sum + item.amount, 0);
  const codFee = change.codFee ?? 0;
  return db.transaction(async (tx) => {
    const lines = await tx
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.position), asc(orderItems.id));
    const shares = shareInProportion(
      discount,
      lines.map((line) => line.lineTotalPaise),
    );
    for (const [index, line] of lines.entries()) {
      await tx.update(orderItems).set({ discountPaise: shares[index]! }).where(eq(orderItems.id, line.id));
    }
    await tx
      .update(orders)
      .set({
        discountPaise: discount,
        discounts,
        couponCode: discounts.find((item) => item.kind === 'coupon')?.code ?? null,
        paymentMethod: codFee > 0 ? 'cod' : sql`${orders.paymentMethod}`,
        codFeePaise: codFee,
        totalPaise: sql`${orders.subtotalPaise} - ${discount} + ${orders.shippingPaise} + ${codFee}`,
      })
      .where(eq(orders.id, orderId));
    const [order] = await tx.select({ total: orders.totalPaise }).from(orders).where(eq(orders.id, orderId));
    await tx
      .update(payments)
      .set({ amountPaise: order!.total })
      .where(and(eq(payments.orderId, orderId), eq(payments.status, 'captured')));
    return { discount, shares };
  });
}

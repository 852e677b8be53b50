import type { Cart, CappedLine } from '@shop/core';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { variants } from '../catalogue/tables.js';
import type { ErrorEnvelope } from '../http/envelope.js';
import { capturingMailer, jsonCall, signedInUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { sellableProduct } from '../test/shop-fixture.js';
import { cartLines } from './tables.js';

// Issue 10: a cart took 1,001 lines and every cart call then answered ~420 KB. A cart holds at most 100 lines.
const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer } });

const FULL_MESSAGE = 'Your bag can hold up to 100 different items. Remove some to add more.';

interface Item {
  productId: string;
  variantId: string;
}

/** One product with `size` sizes in stock: `size` different cart lines. */
async function sizes(size: number): Promise<Item[]> {
  const { productId } = await sellableProduct(t, { stock: 20 });
  await t.database.db.insert(variants).values(
    Array.from({ length: size - 1 }, (_, index) => ({
      productId,
      variantName: `Size ${index}`,
      variantColor: 'Blue',
      variantSize: `S${index}`,
      quantity: 20,
      sku: `LIMIT-${productId.slice(0, 8)}-${index}`,
    })),
  );
  const rows = await t.database.db.select({ id: variants.id }).from(variants).where(eq(variants.productId, productId));
  return rows.map((row) => ({ productId, variantId: row.id }));
}

/** A shopper whose cart already holds one piece of each item, written straight to the table. */
async function shopperWith(items: readonly Item[]) {
  const shopper = await signedInUser(t.app, mail);
  if (items.length > 0)
    await t.database.db.insert(cartLines).values(items.map((item) => ({ userId: shopper.userId, ...item, quantity: 1 })));
  return shopper;
}

const linesOf = async (userId: string) =>
  (await t.database.db.select({ lines: count() }).from(cartLines).where(eq(cartLines.userId, userId)))[0]!.lines;

const quantityOf = (cart: Cart, item: Item) => cart.userCarts.find((line) => line.product.variant?._id === item.variantId)?.quantity;

const add = (sid: string, item: Item, quantity = 1) =>
  jsonCall(t.app, 'POST', '/api/user/product/addToCart', { sid, body: { ...item, quantity } });

describe('cart line limit (issue 10: a cart took 1,001 lines and every cart call answered ~420 KB)', () => {
  it('adds the 100th line, refuses the 101st with a 409 that says why, and still adds to a line already there', async () => {
    const items = await sizes(102);
    const shopper = await shopperWith(items.slice(0, 99));

    const hundredth = await add(shopper.sid, items[99]!);
    expect(hundredth.statusCode, hundredth.body).toBe(200);
    expect(hundredth.json<{ data: Cart }>().data.userCarts).toHaveLength(100);

    const over = await add(shopper.sid, items[100]!);
    expect(over.statusCode).toBe(409);
    expect(over.json<ErrorEnvelope>().error).toBe(FULL_MESSAGE);
    expect(await linesOf(shopper.userId)).toBe(100);

    const more = await add(shopper.sid, items[0]!, 2);
    expect(more.statusCode, more.body).toBe(200);
    expect(quantityOf(more.json<{ data: Cart }>().data, items[0]!)).toBe(3);
    const set = await jsonCall(t.app, 'PUT', '/api/user/product/updateCartQuantity', {
      sid: shopper.sid,
      body: { ...items[1]!, quantity: 4 },
    });
    expect(set.statusCode, set.body).toBe(200);

    // Room again once a line is removed.
    await jsonCall(t.app, 'DELETE', '/api/user/product/removeFromCart', { sid: shopper.sid, body: items[2]! });
    expect((await add(shopper.sid, items[100]!)).statusCode).toBe(200);
  });

  it('lets no more than 100 lines in when new lines are added at the same moment', async () => {
    const items = await sizes(106);
    const shopper = await shopperWith(items.slice(0, 97));
    const answers = await Promise.all(items.slice(97).map((item) => add(shopper.sid, item)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 409, 409, 409, 409, 409, 409]);
    expect(await linesOf(shopper.userId)).toBe(100);
  });

  it('merges the browser cart at login only up to 100 lines, adds to lines already there, and tells which did not fit', async () => {
    const items = await sizes(103);
    const shopper = await shopperWith(items.slice(0, 98));
    const response = await jsonCall(t.app, 'POST', '/api/user/product/mergeCart', {
      sid: shopper.sid,
      body: { lines: [items[0]!, ...items.slice(98)].map((item) => ({ ...item, quantity: 2 })) },
    });
    expect(response.statusCode, response.body).toBe(200);
    const merged = response.json<{ data: Cart & { capped: CappedLine[] } }>().data;
    expect(merged.userCarts).toHaveLength(100);
    expect(quantityOf(merged, items[0]!)).toBe(3);
    expect(merged.capped).toEqual(items.slice(100).map((item) => ({ ...item, requested: 2, added: 0 })));
    expect(await linesOf(shopper.userId)).toBe(100);
  });
});

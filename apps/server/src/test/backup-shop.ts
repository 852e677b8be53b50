import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Bill, OrderDetail, PublicUser } from '@shop/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { buildApp } from '../app.js';
import type { Database } from '../db/database.js';
import { createServices, type Services } from '../services.js';
import { jsonCall, type capturingMailer } from './accounts.js';
import { adminCall, signedInOwner } from './admins.js';
import { placedOrder } from './order-fixture.js';
import { sellableProduct } from './shop-fixture.js';

// A shop on a database the test opens itself (a DATA_DIR on disk, a database of its own on PostgreSQL), for
// backup and restore: filled through the API, then checked through the API after the restore.

export interface ShopForTest {
  app: FastifyInstance;
  services: Services;
  database: Database;
  /** Closes the app and the database. */
  close(): Promise<void>;
}

/** The API on `database`, with its photos in `mediaDir`, as main.ts builds it. */
export async function openShop(database: Database, mediaDir: string, mail: ReturnType<typeof capturingMailer>): Promise<ShopForTest> {
  const services = await createServices(database.db, { mediaDir, mailer: mail.mailer });
  await services.settings.ensureExists();
  const app = await buildApp({
    config: { publicUrl: 'http://localhost:3000', logLevel: 'silent', production: false },
    db: database.db,
    services,
    logger: false,
  });
  await app.ready();
  return {
    app,
    services,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export interface ShopFacts {
  shopper: { email: string; sid: string };
  ownerAsid: string;
  orderId: string;
  orderNumber: string;
  bill: Bill;
  photo: { key: string; url: string; file: string; bytes: Buffer };
}

const dataOf = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;

/** A paid order, an in-store bill, a signed-in shopper and owner, and a product photo. */
export async function fillShop(shop: ShopForTest, mail: ReturnType<typeof capturingMailer>, mediaDir: string): Promise<ShopFacts> {
  const owner = await signedInOwner(shop, 'Backup Owner');
  const kurti = await sellableProduct(shop, { name: 'Backup Kurti', pricePaise: 120_000, stock: 5 });
  const order = await placedOrder(shop, mail, { ...kurti, paid: true });
  const billed = await adminCall(shop.app, 'POST', '/api/admin/bill/createBill', {
    asid: owner.asid,
    body: { customerName: 'Asha Rao', customerPhone: '9876543210', discount: 10, items: [{ ...kurti, quantity: 2 }] },
  });
  expect(billed.statusCode, billed.body).toBe(200);
  const png = await sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#8a2be2' } })
    .png()
    .toBuffer();
  const stored = await shop.services.media.saveImage(png, 'backup-test');
  // The kurti's photo, as the back-office's upload records it (without waking the AVIF encoder, whose files would
  // change the count of photo files a backup carries).
  await shop.database.db.execute(
    sql`insert into product_images (product_id, storage_key, url, width, height) values (${kurti.productId}, ${stored.key}, ${stored.url}, ${stored.width}, ${stored.height})`,
  );
  const file = path.join(mediaDir, stored.url.replace(/^\/media\//, ''));
  return {
    shopper: { email: order.email, sid: order.sid },
    ownerAsid: owner.asid,
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    bill: dataOf<{ bill: Bill }>(billed).bill,
    photo: { key: stored.key, url: stored.url, file, bytes: readFileSync(file) },
  };
}

/** The shopper's session, the paid order, the bill and the photo, as fillShop left them. */
export async function expectShopIntact(shop: ShopForTest, facts: ShopFacts): Promise<void> {
  const me = await jsonCall(shop.app, 'GET', '/api/user/auth/me', { sid: facts.shopper.sid });
  expect(me.statusCode, me.body).toBe(200);
  expect(dataOf<{ user: PublicUser }>(me).user.userEmail).toBe(facts.shopper.email);

  const order = await jsonCall(shop.app, 'GET', `/api/user/order/getOrder/${facts.orderId}`, { sid: facts.shopper.sid });
  expect(order.statusCode, order.body).toBe(200);
  expect(dataOf<{ order: OrderDetail }>(order).order).toMatchObject({ status: 'paid', orderNumber: facts.orderNumber });

  const bill = await adminCall(shop.app, 'GET', `/api/admin/bill/getBill/${facts.bill._id}`, { asid: facts.ownerAsid });
  expect(bill.statusCode, bill.body).toBe(200);
  expect(dataOf<{ bill: Bill }>(bill).bill).toEqual(facts.bill);

  const photo = await shop.app.inject({ method: 'GET', url: facts.photo.url });
  expect(photo.statusCode).toBe(200);
  expect(photo.rawPayload.equals(facts.photo.bytes)).toBe(true);
}

import { DELIVERY_DAYS, DISPATCH_HOURS, SHIPPING, rupeesCompact } from '@shop/core';
import { count } from 'drizzle-orm';
import type { AnnouncementInput, AnnouncementsService } from '../../announcements/service.js';
import { announcements } from '../../announcements/tables.js';
import type { Db } from '../../db/database.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Demo announcements a fresh shop starts with, published `daysAgo` before the start. */
export const DEMO_ANNOUNCEMENTS: ReadonlyArray<Omit<AnnouncementInput, 'publishedAt'> & { daysAgo: number }> = [
  {
    kind: 'collection',
    title: 'Festive Edit is here',
    body: 'Handpicked Banarasi and Kanjivaram silks, mirror-work lehengas and gota-patti dupattas for the season of lights. Limited pieces in every colour.',
    link: '/filter?style=traditional&sort=newest',
    daysAgo: 1,
  },
  {
    kind: 'offer',
    title: 'Flat 30% off on silk sarees',
    body: 'Our softest silk sarees, now at least 30% off for a limited time. The discount is already applied to the price you see.',
    link: '/filter?category=sarees&minDiscount=30',
    daysAgo: 4,
  },
  {
    kind: 'news',
    title: `Free shipping from ${rupeesCompact(SHIPPING.freeShippingFromPaise)}`,
    body: `Orders of ${rupeesCompact(SHIPPING.freeShippingFromPaise)} or more ship free anywhere in India. Below that, a flat ${rupeesCompact(SHIPPING.flatFeePaise)} is shown before you pay.`,
    link: '/shippingpolicy',
    daysAgo: 8,
  },
  {
    kind: 'collection',
    title: 'New: linen co-ord sets',
    body: 'Breathable linen shirts and trousers in sage, sand and indigo: made to be worn together, and just as easy apart.',
    link: '/filter?category=co-ord-sets',
    daysAgo: 13,
  },
  {
    kind: 'news',
    title: 'Diwali dispatch timelines',
    body: `We dispatch every order within ${DISPATCH_HOURS.min}–${DISPATCH_HOURS.max} hours; metro cities receive it in ${DELIVERY_DAYS.metro.min}–${DELIVERY_DAYS.metro.max} business days, other towns in ${DELIVERY_DAYS.tier2And3.min}–${DELIVERY_DAYS.tier2And3.max}. For Diwali, order at least ten days ahead.`,
    link: null,
    daysAgo: 20,
  },
];

/** Inserts the demo announcements when there are none at all; never touches an edited list. */
export async function ensureDemoAnnouncements(db: Db, service: AnnouncementsService, now = new Date()): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(announcements);
  if ((existing?.n ?? 0) > 0) return;
  for (const { daysAgo, ...demo } of DEMO_ANNOUNCEMENTS) {
    await service.create({ ...demo, publishedAt: new Date(now.getTime() - daysAgo * DAY_MS) });
  }
}

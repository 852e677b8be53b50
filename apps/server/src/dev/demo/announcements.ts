import { DELIVERY_DAYS, DISPATCH_HOURS, SHIPPING, rupeesCompact } from '@shop/core';
import { count } from 'drizzle-orm';
import type { AnnouncementInput } from '../../announcements/service.js';
import { announcements } from '../../announcements/tables.js';
import type { Db } from '../../db/database.js';
import type { Services } from '../../services.js';
import type { DemoCategorySlug } from './demo-catalogue.js';
import { DEMO_START } from './demo-owner.js';
import { ensureCategories } from './seed.js';

const DAY_MS = 24 * 60 * 60 * 1000;

type DemoAnnouncement = Omit<AnnouncementInput, 'publishedAt' | 'offerCategoryId'> & {
  daysAgo: number;
  /** An offer's category by its demo slug (the id is the shop's own). */
  offerCategory?: DemoCategorySlug;
};

/**
 * Demo announcements a fresh shop starts with, published `daysAgo` before the start. Every word is true of the demo
 * catalogue (announcements.test.ts checks what it can against it): an offer's 'N% off and more' is its minimum discount
 * and 'up to N%' the best discount of a piece in stock (issue 28, 38); the colours and pieces named are in stock in the
 * listing linked. The start can be any day of the year, so no festival is named: it would soon be dated after it.
 */
export const DEMO_ANNOUNCEMENTS: readonly DemoAnnouncement[] = [
  {
    kind: 'collection',
    title: 'Festive Edit is here',
    body: 'Handpicked Banarasi and Kanjivaram silk sarees, mirror-work lehengas and phulkari dupattas for weddings and festive evenings.',
    link: '/filter?style=traditional&sort=newest',
    daysAgo: 1,
  },
  {
    kind: 'offer',
    title: 'Up to 50% off: our best discounts',
    body: 'Every piece in this offer is at least 40% off, from lehengas to tops. The discount is already applied to the price you see.',
    offerMinDiscount: 40,
    daysAgo: 2,
  },
  {
    kind: 'offer',
    title: 'Sarees at 30% off and more',
    body: 'Georgette, chiffon and more: every saree in this offer is at least 30% off for a limited time. The discount is already applied to the price you see.',
    offerMinDiscount: 30,
    offerCategory: 'sarees',
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
    title: 'New: the linen co-ord set',
    body: 'A boxy linen shirt with matching wide-leg pants in emerald or beige: made to be worn together, and just as easy apart.',
    link: '/filter?category=co-ord-sets',
    daysAgo: 13,
  },
  {
    kind: 'news',
    title: 'Dispatch and delivery times',
    body: `We dispatch every order within ${DISPATCH_HOURS.min}–${DISPATCH_HOURS.max} hours; metro cities receive it in ${DELIVERY_DAYS.metro.min}–${DELIVERY_DAYS.metro.max} business days, other towns in ${DELIVERY_DAYS.tier2And3.min}–${DELIVERY_DAYS.tier2And3.max} and remote areas in ${DELIVERY_DAYS.remote.min}–${DELIVERY_DAYS.remote.max}. Shopping for a wedding or a festival? Order at least ten days ahead.`,
    link: null,
    daysAgo: 20,
  },
];

/**
 * Inserts the demo announcements when there are none at all; never touches an edited list. The demo categories
 * are made first (the catalogue's seed reuses them): an offer is saved with its category.
 */
export async function ensureDemoAnnouncements(
  db: Db,
  services: Pick<Services, 'announcements' | 'catalogue' | 'catalogueAdmin' | 'media'>,
  now = new Date(),
): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(announcements);
  if ((existing?.n ?? 0) > 0) return;
  const categoryIds = await ensureCategories(services);
  for (const { daysAgo, offerCategory, ...demo } of DEMO_ANNOUNCEMENTS) {
    await services.announcements.create(DEMO_START, {
      ...demo,
      offerCategoryId: offerCategory ? categoryIds.get(offerCategory) : null,
      publishedAt: new Date(now.getTime() - daysAgo * DAY_MS),
    });
  }
}

import type { Announcement } from '@shop/core';

/**
 * The landing page's offer bar: the newest live offer that is a saved filter (issue 28). Its promise, 'N% off and
 * more', is the filter's minimum discount and its link that filter's listing, so every piece it opens carries it.
 */
export function offerBarOf(published: readonly Announcement[]): { title: string; link: string; minDiscount: number } | null {
  const offer = published.find((item) => item.kind === 'offer' && item.offerMinDiscount !== null && item.link !== null);
  return offer ? { title: offer.title, link: offer.link!, minDiscount: offer.offerMinDiscount! } : null;
}

import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  isReturnPhotoOf,
  pieceName,
  REFUND_TIMELINES,
  refundTimelineOf,
  refundWayText,
  returnRefundAmount,
  returnedPieces,
  trackingUrlOf,
} from './after-sales.js';

describe('returnRefundAmount', () => {
  const lines = [
    { itemId: 'a', quantity: 3, lineTotal: 90_000 },
    { itemId: 'b', quantity: 1, lineTotal: 5_000 },
  ];
  it('refunds exactly what was paid, shipping included, when every piece comes back', () => {
    expect(
      returnRefundAmount(
        lines,
        new Map([
          ['a', 3],
          ['b', 1],
        ]),
        100_000,
      ),
    ).toBe(100_000);
  });
  it("refunds the returned pieces' share of their lines, without shipping", () => {
    expect(returnRefundAmount(lines, new Map([['a', 2]]), 100_000)).toBe(60_000);
    expect(returnRefundAmount(lines, new Map([['a', 3]]), 100_000)).toBe(90_000);
    expect(returnRefundAmount([{ itemId: 'a', quantity: 3, lineTotal: 100 }], new Map([['a', 1]]), 100)).toBe(33);
  });
});

describe('pieceName', () => {
  it('names the colour and size that tell two lines of one product apart (regression: "Returning 1 × Kurti" for both)', () => {
    const kurti = { productName: 'Chikankari Cotton Kurti', variantName: 'Red / M', variantColor: 'Red', variantSize: 'M' };
    expect(pieceName(kurti)).toBe('Chikankari Cotton Kurti (Red, M)');
    expect(pieceName({ ...kurti, variantColor: null })).toBe('Chikankari Cotton Kurti (M)');
    expect(pieceName({ ...kurti, variantName: 'Set of two', variantColor: null, variantSize: null })).toBe(
      'Chikankari Cotton Kurti (Set of two)',
    );
    expect(pieceName({ ...kurti, variantName: null, variantColor: null, variantSize: null })).toBe('Chikankari Cotton Kurti');
  });
});

describe('returnedPieces', () => {
  const items = [
    { itemId: 'a', quantity: 3, productName: 'Kurti' },
    { itemId: 'b', quantity: 1, productName: 'Dupatta' },
    { itemId: 'c', quantity: 2, productName: 'Saree' },
  ];

  it('answers the pieces the request named, in the order of the lines, leaving out lines with none', () => {
    const returnItems = [
      { itemId: 'c', quantity: 1 },
      { itemId: 'a', quantity: 2 },
      { itemId: 'b', quantity: 0 },
    ];
    expect(returnedPieces({ items, returnItems }).map(({ item, pieces }) => [item.productName, pieces])).toEqual([
      ['Kurti', 2],
      ['Saree', 1],
    ]);
  });

  it('answers the reason given for each line, null for a line of a return asked before lines kept their own', () => {
    const returnItems = [
      { itemId: 'a', quantity: 1, reason: 'damaged' },
      { itemId: 'c', quantity: 2, reason: null },
    ];
    expect(returnedPieces({ items, returnItems }).map(({ item, reason }) => [item.itemId, reason])).toEqual([
      ['a', 'damaged'],
      ['c', null],
    ]);
  });

  it('answers every piece of every line for a return whose request named none (made before per-item returns)', () => {
    expect(returnedPieces({ items, returnItems: [] }).map(({ item, pieces }) => [item.itemId, pieces])).toEqual([
      ['a', 3],
      ['b', 1],
      ['c', 2],
    ]);
  });
});

describe('refund timelines and tracking links', () => {
  it('says where the money goes and when by payment method, from one table (regression: refund times stated three ways)', () => {
    expect(refundTimelineOf('upi')).toEqual({ method: 'UPI', where: 'your UPI account', workingDays: { min: 2, max: 7 } });
    expect(refundTimelineOf('UPI')).toBe(REFUND_TIMELINES.upi);
    expect(refundTimelineOf('card').workingDays).toEqual({ min: 5, max: 10 });
    expect(refundTimelineOf('netbanking')).toMatchObject({ where: 'your bank account', workingDays: { min: 2, max: 10 } });
    expect(refundTimelineOf('wallet')).toMatchObject({ where: 'your wallet', workingDays: { min: 0, max: 3 } });
    for (const method of ['emi', 'paylater', '', null, 'toString']) expect(refundTimelineOf(method)).toBe(REFUND_TIMELINES.other);
    expect(refundWayText(REFUND_TIMELINES.upi)).toBe('goes back to your UPI account, typically within 2–7 working days');
    expect(refundWayText(REFUND_TIMELINES.wallet)).toBe('goes back to your wallet, typically within 3 working days');
  });
  it('counts working days past weekends', () => {
    // Friday 27 Nov 2026 + 3 working days = Wednesday 2 Dec.
    expect(addWorkingDays(new Date('2026-11-27T06:00:00Z'), 3).toISOString().slice(0, 10)).toBe('2026-12-02');
  });
  it("links a known courier's tracking page whatever the spelling, and nothing for an unknown one", () => {
    expect(trackingUrlOf('Delhivery', 'DL 12')).toBe('https://www.delhivery.com/track-v2/package/DL%2012');
    expect(trackingUrlOf('blue dart', 'BD9')).toContain('trackNo=BD9');
    expect(trackingUrlOf('Local Runner', 'X1')).toBeNull();
    expect(trackingUrlOf('Delhivery', null)).toBeNull();
  });
});

describe('isReturnPhotoOf', () => {
  const orderId = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';
  it("accepts only this shop's own photos stored for that order's return (regression: return photo links could be any URL)", () => {
    expect(isReturnPhotoOf(orderId, `/media/return-${orderId}/0a1b2c3d4e5f60718293-640.webp`)).toBe(true);
    expect(isReturnPhotoOf(orderId, `/media/return-${orderId}/0a1b2c3d4e5f60718293-1280.avif`)).toBe(true);
    for (const url of [
      'https://evil.example/photo.jpg',
      'javascript:alert(1)',
      `//evil.example/media/return-${orderId}/0a1b2c3d4e5f60718293-640.webp`,
      `https://evil.example/media/return-${orderId}/0a1b2c3d4e5f60718293-640.webp`,
      '/media/products/0a1b2c3d4e5f60718293-640.webp',
      `/media/return-3f2b8c1e-4d5a-4b6c-8d7e-000000000000/0a1b2c3d4e5f60718293-640.webp`,
      `/media/return-${orderId}/../products/0a1b2c3d4e5f60718293-640.webp`,
      `/media/return-${orderId}/0a1b2c3d4e5f60718293-640.webp?x=1`,
      `/media/return-${orderId}/0a1b2c3d4e5f60718293-641.webp`,
      `/media/return-${orderId}/photo.jpg`,
    ]) {
      expect(isReturnPhotoOf(orderId, url), url).toBe(false);
    }
  });
});

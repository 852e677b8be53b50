import { describe, expect, it } from 'vitest';
import { addWorkingDays, refundTimelineOf, returnRefundAmount, returnedPieces, trackingUrlOf } from './after-sales.js';

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

  it('answers every piece of every line for a return whose request named none (made before per-item returns)', () => {
    expect(returnedPieces({ items, returnItems: [] }).map(({ item, pieces }) => [item.itemId, pieces])).toEqual([
      ['a', 3],
      ['b', 1],
      ['c', 2],
    ]);
  });
});

describe('refund timelines and tracking links', () => {
  it('says where the money goes by payment method', () => {
    expect(refundTimelineOf('upi')).toEqual({ where: 'your UPI account', workingDays: { min: 2, max: 3 } });
    expect(refundTimelineOf('card').workingDays).toEqual({ min: 5, max: 7 });
    expect(refundTimelineOf('netbanking').where).toBe('your bank account');
    expect(refundTimelineOf('wallet').where).toBe('where you paid from');
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

import { describe, expect, it } from 'vitest';
import { courierDeliveryDay, deliveryCheck, deliveryEstimate, parcelOf, pincodeZone } from './delivery.js';
import { istDay } from './india-time.js';
import { expectedDeliveryWindow } from './orders.js';

describe('pincodeZone', () => {
  it('knows metro cities, the remote regions and everything else', () => {
    expect(pincodeZone('560011')).toBe('metro'); // Bengaluru
    expect(pincodeZone('110001')).toBe('metro'); // Delhi
    expect(pincodeZone('641001')).toBe('tier2And3'); // Coimbatore
    expect(pincodeZone('682031')).toBe('tier2And3'); // Kochi
    expect(pincodeZone('190001')).toBe('remote'); // Srinagar
    expect(pincodeZone('781001')).toBe('remote'); // Guwahati
    expect(pincodeZone('744101')).toBe('remote'); // Port Blair
    expect(pincodeZone('682555')).toBe('remote'); // Lakshadweep
  });

  it('refuses what is not a pincode', () => {
    for (const bad of ['', '56001', '5600111', '060011', 'abcdef', '56 011']) expect(pincodeZone(bad)).toBeNull();
  });
});

describe('deliveryEstimate', () => {
  // Saturday 22 November 2026, 10:00 in India.
  const saturday = new Date('2026-11-22T10:00:00+05:30');

  it('adds the longest dispatch time, then the zone’s longest window in courier days (no Sundays)', () => {
    // Dispatched by Monday 24 Nov; metro 5 courier days: 25, 26, 27, 28 Nov and (Sunday skipped) 30 Nov.
    expect(deliveryEstimate('560011', saturday)).toMatchObject({ zone: 'metro', latest: '2026-11-30' });
    // Tier 2 and 3, 7 days: 25–28 Nov, 30 Nov, 1 and 2 Dec.
    expect(deliveryEstimate('641001', saturday)).toMatchObject({ zone: 'tier2And3', latest: '2026-12-02' });
    // Remote, 10 days: to 5 Dec.
    expect(deliveryEstimate('781001', saturday)).toMatchObject({ zone: 'remote', latest: '2026-12-05' });
  });

  it('counts from the India day of dispatch, also late in the evening', () => {
    // 23:30 in India on Wednesday 25 Nov is still Wednesday there (18:00 UTC): dispatched by Friday 27 Nov.
    expect(deliveryEstimate('560011', new Date('2026-11-25T23:30:00+05:30'))).toMatchObject({ zone: 'metro', latest: '2026-12-03' });
  });

  it('answers null for something that is not a pincode', () => {
    expect(deliveryEstimate('12345', saturday)).toBeNull();
  });

  it('starts with the shortest dispatch time and the zone’s shortest window', () => {
    // Dispatched Sunday 23 Nov at the soonest; metro 3 courier days: 24, 25, 26 Nov.
    expect(deliveryEstimate('560011', saturday)).toEqual({ zone: 'metro', earliest: '2026-11-26', latest: '2026-11-30' });
  });
});

// Issue 38: the product page promised a day earlier than the order's page showed for the same pincode (the order
// page added calendar days to the payment, for every pincode alike).
describe('one delivery estimate for the pincode check and the order pages', () => {
  const place = { district: 'Bangalore', state: 'Karnataka' };
  it('the day the check promises is the last day of the order’s window, paid at the same moment', () => {
    for (const at of ['2026-11-20T06:00:00Z', '2026-11-22T04:30:00Z', '2026-11-25T18:00:00Z', '2027-01-01T12:00:00Z']) {
      const paidAt = new Date(at);
      for (const pincode of ['560001', '641001', '781001']) {
        const check = deliveryCheck(pincode, place, paidAt);
        const window = expectedDeliveryWindow(pincode, paidAt);
        expect(check.ok && check.day, `${pincode} at ${at}`).toBe(istDay(window!.to));
        expect(istDay(window!.from) <= istDay(window!.to)).toBe(true);
      }
    }
    // Friday 20 Nov, 11:30 in India, to Bengaluru: dispatched Saturday 21 at the soonest (3 courier days, Sunday off),
    // by Sunday 22 Nov at the latest (5 courier days).
    const window = expectedDeliveryWindow('560001', new Date('2026-11-20T06:00:00Z'))!;
    expect([istDay(window.from), istDay(window.to)]).toEqual(['2026-11-25', '2026-11-27']);
    expect(expectedDeliveryWindow('not a pincode', new Date())).toBeNull();
  });
});

describe('courierDeliveryDay (issue 42)', () => {
  it('counts the courier’s days from the latest dispatch, skipping Sundays', () => {
    // Friday 27 Nov 2026, 10:00 IST: dispatched by Saturday 28th; 2 courier days → Mon 30 Nov, Tue 1 Dec.
    expect(courierDeliveryDay(new Date('2026-11-27T04:30:00Z'), 2)).toBe('2026-12-01');
    expect(courierDeliveryDay(new Date('2026-11-27T04:30:00Z'), 0)).toBe('2026-11-30');
  });
});

describe('parcelOf (issue 42)', () => {
  const kurta = { weightGrams: 350, lengthCm: 30, breadthCm: 25, heightCm: 3 };
  const saree = { weightGrams: 700, lengthCm: 35, breadthCm: 28, heightCm: 5 };

  it('adds weights and stacks heights, keeps the largest length and breadth, in kg and cm', () => {
    expect(
      parcelOf([
        { size: kurta, quantity: 2 },
        { size: saree, quantity: 1 },
      ]),
    ).toEqual({ weightKg: 1.4, lengthCm: 35, breadthCm: 28, heightCm: 11 });
  });

  it('refuses an empty parcel', () => {
    expect(() => parcelOf([])).toThrow(RangeError);
  });
});

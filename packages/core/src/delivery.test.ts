import { describe, expect, it } from 'vitest';
import { deliveryBy, pincodeZone } from './delivery.js';

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

describe('deliveryBy', () => {
  // Saturday 22 November 2026, 10:00 in India.
  const saturday = new Date('2026-11-22T10:00:00+05:30');

  it('adds the longest dispatch time, then the zone’s longest window in courier days (no Sundays)', () => {
    // Dispatched by Monday 24 Nov; metro 5 courier days: 25, 26, 27, 28 Nov and (Sunday skipped) 30 Nov.
    expect(deliveryBy('560011', saturday)).toEqual({ zone: 'metro', day: '2026-11-30' });
    // Tier 2 and 3, 7 days: 25–28 Nov, 30 Nov, 1 and 2 Dec.
    expect(deliveryBy('641001', saturday)).toEqual({ zone: 'tier2And3', day: '2026-12-02' });
    // Remote, 10 days: to 5 Dec.
    expect(deliveryBy('781001', saturday)).toEqual({ zone: 'remote', day: '2026-12-05' });
  });

  it('counts from the India day of dispatch, also late in the evening', () => {
    // 23:30 in India on Wednesday 25 Nov is still Wednesday there (18:00 UTC): dispatched by Friday 27 Nov.
    expect(deliveryBy('560011', new Date('2026-11-25T23:30:00+05:30'))).toEqual({ zone: 'metro', day: '2026-12-03' });
  });

  it('answers null for something that is not a pincode', () => {
    expect(deliveryBy('12345', saturday)).toBeNull();
  });
});

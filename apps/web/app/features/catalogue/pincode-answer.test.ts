import { expectedDeliveryWindow, istWeekdayDate } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { MALFORMED_PINCODE, pincodeAnswer } from './pincode-answer';

const NOW = new Date('2026-11-26T06:30:00Z');
const BENGALURU = { pincode: '560001', district: 'Bengaluru Urban', state: 'Karnataka' as const, localities: ['Bangalore G.P.O.'] };

describe("the product page's delivery check", () => {
  it('gives a day for a pincode the directory knows, and names its district and state (issue 38)', () => {
    const answer = pincodeAnswer(' 560001 ', BENGALURU, NOW);
    expect(answer.ok).toBe(true);
    expect(answer.text).toMatch(/^Delivery by \w{3}, \d{1,2} \w{3} to 560001, Bengaluru Urban, Karnataka\.$/);
  });

  it('promises the last day of the window the order’s page will show (issue 38: one estimate, core’s deliveryEstimate)', () => {
    // Thursday 26 Nov, 12:00 in India, to Bengaluru: dispatched by Saturday 28 Nov, then 5 courier days (Sunday off).
    expect(pincodeAnswer('560001', BENGALURU, NOW).text).toBe('Delivery by Fri, 4 Dec to 560001, Bengaluru Urban, Karnataka.');
    const window = expectedDeliveryWindow('560001', NOW)!;
    expect(istWeekdayDate(window.to)).toBe('Fri, 4 Dec');
  });

  it('says so for a pincode that does not exist, and asks for six digits otherwise', () => {
    expect(pincodeAnswer('999999', null, NOW)).toEqual({
      ok: false,
      text: 'We could not find pincode 999999, so we cannot promise a delivery day. Please check it.',
    });
    for (const typed of ['', '5600', '56000a', '0560001'])
      expect(pincodeAnswer(typed, null, NOW)).toEqual({ ok: false, text: MALFORMED_PINCODE });
  });

  it('takes the couriers’ date when the shop books through a courier service, and says when none delivers (issue 42)', () => {
    const courier = { serviceable: true, deliveryBy: '2026-12-01', cod: true };
    expect(pincodeAnswer('560001', BENGALURU, NOW, courier).text).toBe('Delivery by Tue, 1 Dec to 560001, Bengaluru Urban, Karnataka.');
    expect(pincodeAnswer('560001', BENGALURU, NOW, { serviceable: false, deliveryBy: null, cod: false })).toEqual({
      ok: false,
      text: 'Our couriers do not deliver to 560001, Bengaluru Urban, Karnataka yet, so we cannot ship there.',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { MALFORMED_PINCODE, pincodeAnswer } from './pincode-answer';

const NOW = new Date('2026-11-26T06:30:00Z');
const BENGALURU = { pincode: '560001', district: 'Bengaluru Urban', state: 'Karnataka' as const, localities: ['Bangalore G.P.O.'] };

describe("the product page's delivery check", () => {
  it('gives a day for a pincode the directory knows', () => {
    const answer = pincodeAnswer(' 560001 ', BENGALURU, NOW);
    expect(answer.ok).toBe(true);
    expect(answer.text).toMatch(/^Delivery by \w{3}, \d{1,2} \w{3} to 560001 \(metro city\)\.$/);
  });

  it('says so for a pincode that does not exist, and asks for six digits otherwise', () => {
    expect(pincodeAnswer('999999', null, NOW)).toEqual({
      ok: false,
      text: 'We could not find pincode 999999, so we cannot promise a delivery day. Please check it.',
    });
    for (const typed of ['', '5600', '56000a', '0560001'])
      expect(pincodeAnswer(typed, null, NOW)).toEqual({ ok: false, text: MALFORMED_PINCODE });
  });
});

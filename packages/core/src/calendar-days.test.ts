import { describe, expect, it } from 'vitest';
import { inShopYears, shopYearsMessage } from './calendar-days.js';

describe('inShopYears', () => {
  it('takes days and months from 2000 to 2100 and nothing outside', () => {
    expect(['2000-01', '2000-01-01', '2025-03-10', '2100-12', '2100-12-31'].every(inShopYears)).toBe(true);
    expect(['0000-01', '0000-01-01', '1999-12-31', '2101-01-01', '9999-12', '9999-12-31', 'june'].some(inShopYears)).toBe(false);
  });

  it('names the field in its message', () => {
    expect(shopYearsMessage('month')).toBe('month must be in a year between 2000 and 2100');
  });
});

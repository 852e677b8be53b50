import { describe, expect, it } from 'vitest';
import { daysInRange, rangeLabel, rangePresets, salesRangeQuerySchema, weeklyPageQuerySchema } from './reports.js';

const presets = (today: string) => Object.fromEntries(rangePresets(today).map(({ key, label, from, to }) => [key, { label, from, to }]));

describe('rangePresets', () => {
  it('gives today, this week from its Monday, this month, last month whole and this financial year, in that order', () => {
    // Wednesday 12 March 2025.
    expect(rangePresets('2025-03-12')).toEqual([
      { key: 'today', label: 'Today', from: '2025-03-12', to: '2025-03-12' },
      { key: 'this-week', label: 'This week', from: '2025-03-10', to: '2025-03-12' },
      { key: 'this-month', label: 'This month', from: '2025-03-01', to: '2025-03-12' },
      { key: 'last-month', label: 'Last month', from: '2025-02-01', to: '2025-02-28' },
      { key: 'this-fy', label: 'This financial year', from: '2024-04-01', to: '2025-03-12' },
    ]);
  });

  it('starts the financial year on 1 April, the day it turns', () => {
    expect(presets('2025-03-31')['this-fy']).toMatchObject({ from: '2024-04-01', to: '2025-03-31' });
    expect(presets('2025-04-01')['this-fy']).toMatchObject({ from: '2025-04-01', to: '2025-04-01' });
    expect(presets('2026-12-31')['this-fy']).toMatchObject({ from: '2026-04-01' });
  });

  it('takes a week from its Monday, also across a month or a year, and a Sunday is the end of its week', () => {
    expect(presets('2025-03-16')['this-week']).toMatchObject({ from: '2025-03-10', to: '2025-03-16' });
    expect(presets('2025-03-10')['this-week']).toMatchObject({ from: '2025-03-10', to: '2025-03-10' });
    expect(presets('2026-01-01')['this-week']).toMatchObject({ from: '2025-12-29', to: '2026-01-01' });
  });

  it('takes last month whole: December of the year before in January, 29 days in a leap February', () => {
    expect(presets('2026-01-15')['last-month']).toMatchObject({ from: '2025-12-01', to: '2025-12-31' });
    expect(presets('2028-03-01')['last-month']).toMatchObject({ from: '2028-02-01', to: '2028-02-29' });
    expect(presets('2025-07-31')['last-month']).toMatchObject({ from: '2025-06-01', to: '2025-06-30' });
  });

  it('makes ranges the range query accepts, a leap financial year of 366 days included', () => {
    for (const today of ['2025-03-12', '2028-03-31', '2026-04-01', '2025-12-31']) {
      for (const preset of rangePresets(today)) {
        expect(salesRangeQuerySchema.safeParse({ from: preset.from, to: preset.to }).success, `${today} ${preset.key}`).toBe(true);
      }
    }
    expect(daysInRange(presets('2028-03-31')['this-fy']!.from, '2028-03-31')).toBe(366);
  });
});

describe('the range query', () => {
  const refusal = (query: Record<string, string>) => {
    const result = salesRangeQuerySchema.safeParse(query);
    return result.success ? null : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
  };

  it('takes both days, either or none (the service fills them in)', () => {
    expect(salesRangeQuerySchema.parse({ from: '2025-03-10', to: '2025-03-16' })).toEqual({ from: '2025-03-10', to: '2025-03-16' });
    expect(salesRangeQuerySchema.parse({ from: '2025-03-10', to: '2025-03-10' })).toEqual({ from: '2025-03-10', to: '2025-03-10' });
    expect(salesRangeQuerySchema.parse({ to: '2025-03-16' })).toEqual({ to: '2025-03-16' });
    expect(salesRangeQuerySchema.parse({})).toEqual({});
  });

  it('refuses `from` after `to`, naming from', () => {
    expect(refusal({ from: '2025-03-17', to: '2025-03-16' })).toEqual([['from', 'from must be on or before to (2025-03-16)']]);
  });

  it('refuses more than 366 days, naming to and its last day', () => {
    expect(refusal({ from: '2025-01-01', to: '2026-01-01' })).toBeNull();
    expect(refusal({ from: '2025-01-01', to: '2026-01-02' })).toEqual([
      ['to', 'to must be on or before 2026-01-01: a range covers at most 366 days'],
    ]);
  });

  it('refuses malformed days and years outside the shop’s, by their own names', () => {
    expect(refusal({ from: '2025-02-29', to: '2025-03-01' })).toEqual([['from', 'from must be a date like 2026-03-10']]);
    // The first message is the one shown (a text that is no date is out of the shop's years too).
    expect(refusal({ from: '2025-03-01', to: '31/03/2025' })?.[0]).toEqual(['to', 'to must be a date like 2026-03-10']);
    expect(refusal({ to: '9999-12-31' })).toEqual([['to', 'to must be in a year between 2000 and 2100']]);
  });
});

describe('rangeLabel', () => {
  it('names a day, a range in a month, across months and across years', () => {
    expect(rangeLabel('2025-03-15', '2025-03-15')).toBe('March 15, 2025');
    expect(rangeLabel('2025-03-01', '2025-03-31')).toBe('March 1-31, 2025');
    expect(rangeLabel('2025-03-31', '2025-04-06')).toBe('March 31 - April 6, 2025');
    expect(rangeLabel('2024-04-01', '2025-03-31')).toBe('April 1, 2024 - March 31, 2025');
  });
});

describe('the weekly page’s query', () => {
  it('takes a Monday as weekStart and any day as weekOf', () => {
    expect(weeklyPageQuerySchema.parse({ weekStart: '2025-03-10' })).toEqual({ weekStart: '2025-03-10' });
    expect(weeklyPageQuerySchema.parse({ weekOf: '2025-03-12' })).toEqual({ weekOf: '2025-03-12' });
    expect(weeklyPageQuerySchema.safeParse({ weekOf: '12/03/2025' }).error?.issues[0]).toMatchObject({
      path: ['weekOf'],
      message: 'weekOf must be a date like 2026-03-10',
    });
  });
});

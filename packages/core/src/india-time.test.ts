import { afterEach, describe, expect, it } from 'vitest';
import {
  INDIA_TIME_ZONE,
  istDate,
  istDateTime,
  istDay,
  istDayEnd,
  istDayInWords,
  istDayStart,
  istTime,
  istTimestamp,
  istWeekdayDate,
} from './india-time.js';

const zoneOfProcess = process.env.TZ;

describe('India time', () => {
  afterEach(() => {
    if (zoneOfProcess === undefined) delete process.env.TZ;
    else process.env.TZ = zoneOfProcess;
  });

  it('gives the India calendar day of an instant, from 18:30 UTC the next one', () => {
    expect(istDay(new Date('2026-03-31T18:29:59.999Z'))).toBe('2026-03-31');
    expect(istDay(new Date('2026-03-31T18:30:00Z'))).toBe('2026-04-01');
    expect(istDay(new Date('2026-11-20T00:01:00+05:30'))).toBe('2026-11-20');
    expect(istDay(new Date('2026-12-31T23:59:00+05:30'))).toBe('2026-12-31');
  });

  it('does not depend on the zone the process runs in', () => {
    const at = new Date('2026-06-30T20:00:00Z');
    for (const zone of ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati']) {
      process.env.TZ = zone;
      expect([istDay(at), istDayStart('2026-07-01').toISOString()]).toEqual(['2026-07-01', '2026-06-30T18:30:00.000Z']);
    }
  });

  it('starts and ends an India day at India midnight, the end excluded', () => {
    expect(istDayStart('2026-11-20').toISOString()).toBe('2026-11-19T18:30:00.000Z');
    expect(istDayEnd('2026-11-20').toISOString()).toBe('2026-11-20T18:30:00.000Z');
    expect(istDayEnd('2026-11-20')).toEqual(istDayStart('2026-11-21'));
    // Across a month, a year and 29 February.
    expect(istDayEnd('2028-02-28')).toEqual(istDayStart('2028-02-29'));
    expect(istDayEnd('2026-12-31')).toEqual(istDayStart('2027-01-01'));
    expect(istDay(istDayStart('2026-11-20'))).toBe('2026-11-20');
    expect(istDay(new Date(istDayEnd('2026-11-20').getTime() - 1))).toBe('2026-11-20');
  });

  it('writes dates and times for documents and mail, India time', () => {
    const at = new Date('2026-11-20T04:30:00Z');
    expect(istDateTime(at)).toBe('20 Nov 2026, 10:00 am');
    expect(istDate(at)).toBe('20 Nov 2026');
    expect(istTime(at)).toBe('10:00 am');
    expect(istDate(new Date('2026-11-20T19:00:00Z'))).toBe('21 Nov 2026');
    // 19:00 UTC is already Saturday in India.
    expect(istWeekdayDate(new Date('2026-11-20T19:00:00Z'))).toBe('Sat, 21 Nov');
    expect(istDayInWords('2026-11-20')).toBe('Friday, 20 November');
    expect(istDayInWords('2027-01-01')).toBe('Friday, 1 January');
    expect(istTimestamp(new Date('2026-11-20T12:35:00Z'))).toBe('2026-11-20 18:05');
    expect(istTimestamp(new Date('2026-11-20T18:30:00Z'))).toBe('2026-11-21 00:00');
  });

  it('writes what Intl writes for the zone Asia/Kolkata', () => {
    const at = new Date('2030-06-15T09:15:00Z');
    expect(istDateTime(at)).toBe(at.toLocaleString('en-IN', { timeZone: INDIA_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' }));
    expect(istDay(at)).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: INDIA_TIME_ZONE }).format(at));
  });
});

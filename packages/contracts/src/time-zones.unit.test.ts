import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  MONTH_PATTERN,
  TimeZone,
  addMonths,
  dayInZone,
  daysOfMonth,
  isTimeZone,
  monthInZone,
  timeZoneNames,
} from './time-zones';

describe('days in a time zone', () => {
  it('puts 23:30 UTC on the next day in Asia/Yangon (UTC+6:30), and 17:29 on the same one', () => {
    expect(dayInZone(new Date('2026-03-10T23:30:00Z'), 'Asia/Yangon')).toBe('2026-03-11');
    expect(dayInZone(new Date('2026-03-10T17:29:59Z'), 'Asia/Yangon')).toBe('2026-03-10');
    expect(dayInZone(new Date('2026-03-10T17:30:00Z'), 'Asia/Yangon')).toBe('2026-03-11');
    expect(dayInZone(new Date('2026-03-10T23:30:00Z'), 'UTC')).toBe('2026-03-10');
    expect(dayInZone(new Date('2026-03-10T03:00:00Z'), 'America/New_York')).toBe('2026-03-09');
  });

  it('crosses months and years at the zone’s midnight', () => {
    expect(monthInZone(new Date('2026-01-31T17:30:00Z'), 'Asia/Yangon')).toBe('2026-02');
    expect(monthInZone(new Date('2026-01-31T17:29:00Z'), 'Asia/Yangon')).toBe('2026-01');
    expect(dayInZone(new Date('2025-12-31T17:00:00Z'), 'Asia/Bangkok')).toBe('2026-01-01');
    expect(dayInZone(new Date('2026-01-01T04:00:00Z'), 'America/Los_Angeles')).toBe('2025-12-31');
  });

  it('follows daylight saving time', () => {
    // Berlin: UTC+1 in winter, UTC+2 in summer.
    expect(dayInZone(new Date('2026-01-15T23:30:00Z'), 'Europe/Berlin')).toBe('2026-01-16');
    expect(dayInZone(new Date('2026-07-15T22:30:00Z'), 'Europe/Berlin')).toBe('2026-07-16');
    expect(dayInZone(new Date('2026-07-15T21:30:00Z'), 'Europe/Berlin')).toBe('2026-07-15');
  });

  it('lists every day of a month, leap years included, and steps months across years', () => {
    expect(daysOfMonth('2024-02')).toHaveLength(29);
    expect(daysOfMonth('2026-02')).toHaveLength(28);
    expect(daysOfMonth('2100-02')).toHaveLength(28);
    expect(daysOfMonth('2026-11')[0]).toBe('2026-11-01');
    expect(daysOfMonth('2026-12').at(-1)).toBe('2026-12-31');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-11', -24)).toBe('2024-11');
    expect(addMonths('2026-03', 0)).toBe('2026-03');
  });

  it('reads months as YYYY-MM from 1970', () => {
    for (const ok of ['2026-11', '1970-01', '2100-12']) expect(MONTH_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ['2026-13', '2026-00', '2026-1', '26-11', '1969-12', '2026-11-01', ' 2026-11', ''])
      expect(MONTH_PATTERN.test(bad), bad).toBe(false);
  });
});

describe('time zone names', () => {
  it('accept the zones Intl lists, under their current IANA names too, and UTC', () => {
    for (const zone of [DEFAULT_TIME_ZONE, 'Asia/Rangoon', 'Asia/Bangkok', 'Asia/Kolkata', 'Europe/Kyiv', 'UTC']) {
      expect(isTimeZone(zone), zone).toBe(true);
    }
    for (const zone of Intl.supportedValuesOf('timeZone')) expect(isTimeZone(zone), zone).toBe(true);
  });

  it('refuse anything else', () => {
    for (const zone of ['Mars/Olympus_Mons', 'asia/yangon', '+06:30', 'GMT+7', '', 'Asia']) {
      expect(isTimeZone(zone), zone).toBe(false);
    }
    expect(TimeZone.safeParse('Asia/Yangon').success).toBe(true);
    const refused = TimeZone.safeParse('Nowhere/Town');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('validation.time_zone');
  });

  it('offer each zone once, sorted, with Asia/Yangon and without its old name', () => {
    const names = timeZoneNames();
    expect(names).toContain('Asia/Yangon');
    expect(names).toContain('UTC');
    expect(names).not.toContain('Asia/Rangoon');
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(names);
    // Every offered name is one Intl can format in.
    for (const zone of names) expect(() => dayInZone(new Date(), zone)).not.toThrow();
  });
});

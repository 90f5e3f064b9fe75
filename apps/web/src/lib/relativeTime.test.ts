import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '@inkwell/contracts';
import { numberFormat } from './numbers';
import { relativeTime } from './relativeTime';

/** "{n} days ago" in each language, with `n` as given. */
const t = (locale: Locale, n: string) => ({ en: `${n}d ago`, my: `${n} ရက်က`, th: `${n} วันที่แล้ว` })[locale];

const now = new Date('2026-11-21T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it.each([
    ['en', 0, 'just now'],
    ['en', 59_000, 'just now'],
    ['en', MIN, '1m ago'],
    ['my', 30_000, 'ယခုလေးတင်'],
    ['th', 30_000, 'เมื่อสักครู่'],
    ['en', 59 * MIN + 59_000, '59m ago'],
    ['en', HOUR, '1h ago'],
    ['en', 23 * HOUR + 59 * MIN, '23h ago'],
    ['en', DAY, '1d ago'],
    ['en', 10 * DAY + 23 * HOUR, '10d ago'],
    ['my', 5 * MIN, '၅ မိနစ်က'],
    ['my', 3 * HOUR, '၃ နာရီက'],
    ['my', 7 * DAY, '၇ ရက်က'],
    ['th', 5 * MIN, '5 นาทีที่แล้ว'],
    ['th', 3 * HOUR, '3 ชม. ที่แล้ว'],
    ['th', 7 * DAY, '7 วันที่แล้ว'],
  ] as const)('%s, %i ms ago → %s', (locale, ms, expected) => {
    expect(relativeTime(ago(ms), locale, now)).toBe(expected);
  });

  it('shows older dates as day/month/year with two-digit day and month, in each language', () => {
    const old = new Date(2026, 0, 5, 12);
    const later = new Date(2026, 10, 21, 12);
    expect(relativeTime(old, 'en', later)).toBe('05/01/2026');
    expect(relativeTime(old, 'th', later)).toBe('05/01/2026');
    expect(relativeTime(old, 'my', later)).toBe('၀၅/၀၁/၂၀၂၆');
    expect(relativeTime(new Date(later.getTime() - 11 * DAY), 'en', later)).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });

  it('can say a date in UTC, whatever the device’s zone (as a page drawn on the server does)', () => {
    const late = new Date('2026-01-05T23:30:00Z');
    expect(relativeTime(late, 'en', now, 'UTC')).toBe('05/01/2026');
    expect(relativeTime(new Date('2026-01-06T00:30:00Z'), 'my', now, 'UTC')).toBe('၀၆/၀၁/၂၀၂၆');
  });

  it('treats a time slightly in the future (clock skew) as now', () => {
    expect(relativeTime(new Date(now.getTime() + 30_000), 'en', now)).toBe('just now');
  });

  it('writes its digits as numberFormat does, in every language', () => {
    for (const locale of LOCALES) {
      for (const days of [2, 10]) {
        const expected = t(locale, numberFormat(locale, { useGrouping: false }).format(days));
        expect(relativeTime(ago(days * DAY), locale, now)).toBe(expected);
      }
      const two = numberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false });
      const year = numberFormat(locale, { useGrouping: false });
      expect(relativeTime(new Date('2026-01-05T12:00:00Z'), locale, now, 'UTC')).toBe(
        `${two.format(5)}/${two.format(1)}/${year.format(2026)}`,
      );
    }
  });

  it('accepts ISO strings', () => {
    expect(relativeTime('2026-11-21T11:00:00Z', 'en', now)).toBe('1h ago');
  });
});

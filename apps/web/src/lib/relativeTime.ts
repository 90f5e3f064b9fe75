import type { Locale } from '@inkwell/contracts';
import { wholeNumber } from './numbers';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const templates: Record<Locale, { m: string; h: string; d: string }> = {
  en: { m: '{n}m ago', h: '{n}h ago', d: '{n}d ago' },
  my: { m: '{n} မိနစ်က', h: '{n} နာရီက', d: '{n} ရက်က' },
  th: { m: '{n} นาทีที่แล้ว', h: '{n} ชม. ที่แล้ว', d: '{n} วันที่แล้ว' },
};

/**
 * The spec's relative time: under an hour in minutes, under a day in hours, up to ten days in days,
 * older as day/month/year with two-digit day and month, in the device's time zone or `zone`. Numbers use the
 * language's own digits.
 */
export function relativeTime(
  value: string | Date,
  locale: Locale,
  now: Date = new Date(),
  zone: 'local' | 'UTC' = 'local',
): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const elapsed = Math.max(0, now.getTime() - date.getTime());
  const t = templates[locale];
  if (elapsed < HOUR) return t.m.replace('{n}', wholeNumber(locale, Math.floor(elapsed / MINUTE)));
  if (elapsed < DAY) return t.h.replace('{n}', wholeNumber(locale, Math.floor(elapsed / HOUR)));
  const days = Math.floor(elapsed / DAY);
  if (days <= 10) return t.d.replace('{n}', wholeNumber(locale, days));
  const [day, month, year] =
    zone === 'UTC'
      ? [date.getUTCDate(), date.getUTCMonth(), date.getUTCFullYear()]
      : [date.getDate(), date.getMonth(), date.getFullYear()];
  return `${wholeNumber(locale, day, { width: 2 })}/${wholeNumber(locale, month + 1, { width: 2 })}/${wholeNumber(locale, year)}`;
}

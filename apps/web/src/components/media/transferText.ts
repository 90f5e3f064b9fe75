import type { Locale } from '@inkwell/contracts';
import type { TFunction } from 'i18next';
import type { Transfer } from '../../api/upload';
import { numberFormat, wholeNumber } from '../../lib/numbers';

// Decimal steps, as the unit names the browser writes (kB, MB, GB) mean.
const UNITS = ['kilobyte', 'megabyte', 'gigabyte'] as const;

function scaled(bytes: number): { value: number; unit: (typeof UNITS)[number] } {
  let value = Math.max(0, bytes) / 1000;
  let i = 0;
  while (value >= 1000 && i < UNITS.length - 1) {
    value /= 1000;
    i++;
  }
  return { value, unit: UNITS[i]! };
}

// One decimal while it still says something ("3.2 MB"), none once the number is large ("48 MB").
const digits = (value: number) => ({ maximumFractionDigits: value < 10 ? 1 : 0 });

/** "3.2 MB" in the language's digits and unit names. */
export function byteSize(locale: Locale, bytes: number): string {
  const { value, unit } = scaled(bytes);
  return numberFormat(locale, { style: 'unit', unit, ...digits(value) }).format(value);
}

/** "420 kB/s" in the language's digits and unit names. */
export function byteRate(locale: Locale, bytesPerSecond: number): string {
  const { value, unit } = scaled(bytesPerSecond);
  return numberFormat(locale, { style: 'unit', unit: `${unit}-per-second`, ...digits(value) }).format(value);
}

/** "about 2 minutes left", rounded as far as an estimate deserves. */
export function timeLeft(t: TFunction, locale: Locale, seconds: number): string {
  const say = (key: string, n: number) => t(`upload.time_left.${key}`, { count: n, n: wholeNumber(locale, n) });
  if (seconds < 10) return t('upload.time_left.few_seconds');
  if (seconds < 55) return say('seconds', Math.round(seconds / 10) * 10);
  if (seconds < 59.5 * 60) return say('minutes', Math.max(1, Math.round(seconds / 60)));
  return say('hours', Math.round(seconds / 3600));
}

/** The parts of the line under the bar: "3.2 MB of 48 MB", then while it moves "420 kB/s" and the time left. */
export function transferParts(t: TFunction, locale: Locale, transfer: Transfer, moving: boolean): string[] {
  const parts = [
    t('upload.sent_of_total', { sent: byteSize(locale, transfer.sent), total: byteSize(locale, transfer.total) }),
  ];
  if (moving && transfer.bytesPerSecond !== null) parts.push(byteRate(locale, transfer.bytesPerSecond));
  if (moving && transfer.secondsLeft !== null) parts.push(timeLeft(t, locale, transfer.secondsLeft));
  return parts;
}

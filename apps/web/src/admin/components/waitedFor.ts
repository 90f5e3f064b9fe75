import type { Locale } from '@inkwell/contracts';
import type { TFunction } from 'i18next';
import { numberFormat } from '../../lib/numbers';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long something has waited, in the largest whole unit: "3 days", "5 hours", "12 minutes". */
export function waitedFor(since: string, t: TFunction, locale: Locale, now: Date = new Date()): string {
  const elapsed = Math.max(0, now.getTime() - new Date(since).getTime());
  const [unit, count] =
    elapsed >= DAY
      ? (['days', Math.floor(elapsed / DAY)] as const)
      : elapsed >= HOUR
        ? (['hours', Math.floor(elapsed / HOUR)] as const)
        : (['minutes', Math.max(1, Math.floor(elapsed / MINUTE))] as const);
  return t(`admin.reports.age.${unit}`, { count, n: numberFormat(locale).format(count) });
}

import type { Locale } from '@inkwell/contracts';
import { numberFormat } from './numbers';

/** Browsers' ICU data often lacks Burmese dates (Chromium answers in English), so Burmese is spelled out here. */
const BURMESE_MONTHS = [
  'ဇန်နဝါရီ',
  'ဖေဖော်ဝါရီ',
  'မတ်',
  'ဧပြီ',
  'မေ',
  'ဇွန်',
  'ဇူလိုင်',
  'ဩဂုတ်',
  'စက်တင်ဘာ',
  'အောက်တိုဘာ',
  'နိုဝင်ဘာ',
  'ဒီဇင်ဘာ',
];

/** A calendar date in words: "21 November 2026", "၂၁ နိုဝင်ဘာ ၂၀၂၆", "21 พฤศจิกายน 2569". */
export function longDate(value: string | Date, locale: Locale): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (locale === 'my') {
    const n = numberFormat('my', { useGrouping: false });
    return `${n.format(date.getDate())} ${BURMESE_MONTHS[date.getMonth()]} ${n.format(date.getFullYear())}`;
  }
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

const utcParts = (isoDate: string) => {
  const [year, month, day] = isoDate.split('-').map(Number);
  return { year: year!, month: (month ?? 1) - 1, day: day ?? 1 };
};

/** A UTC calendar day (`YYYY-MM-DD`) without its year, for chart axes: "23 Nov", "၂၃ နိုဝင်ဘာ", "23 พ.ย.". */
export function shortDay(isoDate: string, locale: Locale): string {
  const { year, month, day } = utcParts(isoDate);
  if (locale === 'my') return `${numberFormat('my').format(day)} ${BURMESE_MONTHS[month]}`;
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month, day)),
  );
}

/** A UTC month (`YYYY-MM`), for chart axes: "Nov 2026", "နိုဝင်ဘာ ၂၀၂၆", "พ.ย. 2569". */
export function shortMonth(isoMonth: string, locale: Locale): string {
  const { year, month } = utcParts(`${isoMonth}-01`);
  if (locale === 'my') return `${BURMESE_MONTHS[month]} ${numberFormat('my', { useGrouping: false }).format(year)}`;
  return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month, 1)),
  );
}

/** A month's name alone (`YYYY-MM`), for "vs October": "October", "အောက်တိုဘာ", "ตุลาคม". */
export function monthName(isoMonth: string, locale: Locale): string {
  const { year, month } = utcParts(`${isoMonth}-01`);
  if (locale === 'my') return BURMESE_MONTHS[month]!;
  return new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month, 1)));
}

/** A month with its year in words (`YYYY-MM`): "November 2026", "နိုဝင်ဘာ ၂၀၂၆", "พฤศจิกายน 2569". */
export function longMonth(isoMonth: string, locale: Locale): string {
  const { year, month } = utcParts(`${isoMonth}-01`);
  if (locale === 'my') return `${BURMESE_MONTHS[month]} ${numberFormat('my', { useGrouping: false }).format(year)}`;
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month, 1)),
  );
}

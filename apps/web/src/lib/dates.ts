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

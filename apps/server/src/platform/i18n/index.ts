import { DEFAULT_LOCALE, isLocale, type Locale } from '@inkwell/contracts';
import { IntlMessageFormat } from 'intl-messageformat';
import { en, type MessageKey, type Messages } from './en';
import { my } from './my';
import { th } from './th';

export type { MessageKey } from './en';

const catalogs: Record<Locale, Messages> = { en, my, th };

export const isMessageKey = (value: string): value is MessageKey => value in en;

/*
 * A message that takes a count says it in ICU MessageFormat (`{count, plural, one {{count} follower} other
 * {{count} followers}}`), the form chosen by the language's CLDR plural rules: English has two, Burmese and Thai
 * one. Values print as every other server message prints them (`String(value)`: a count as its digits, a number
 * the caller already formatted, "20,000", as given), so only the words around a count change.
 */
const asGiven = { format: (value: unknown) => String(value) } as unknown as Intl.NumberFormat;
const formatters = {
  getNumberFormat: () => asGiven,
  getDateTimeFormat: (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args),
  getPluralRules: (...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args),
};
const compiled = new Map<string, IntlMessageFormat>();

function plural(locale: Locale, key: MessageKey, template: string, params: Record<string, string | number>): string {
  const id = `${locale} ${key}`;
  let format = compiled.get(id);
  if (!format) {
    format = new IntlMessageFormat(template, locale, undefined, { formatters });
    compiled.set(id, format);
  }
  return String(format.format(params));
}

/** Translates a message key, filling `{name}` placeholders (and choosing the plural form of a count). */
export function t(locale: Locale, key: MessageKey, params?: Record<string, string | number>): string {
  const template = catalogs[locale][key] ?? en[key];
  if (!params) return template;
  if (template.includes(', plural,')) return plural(catalogs[locale][key] ? locale : 'en', key, template, params);
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

/** Picks the best supported language from an `Accept-Language` header (`my-MM,my;q=0.9,en;q=0.5`). */
export function negotiateLocale(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((p) => p.trim().startsWith('q='));
      return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', q: q ? Number(q.trim().slice(2)) : 1, index };
    })
    .filter((r) => r.lang && !Number.isNaN(r.q) && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((r) => r.lang).find(isLocale) ?? DEFAULT_LOCALE;
}

/** Where a date is read: each language's own country (Myanmar for Burmese, Thailand for Thai). */
const ZONES: Record<Locale, string> = { en: 'UTC', my: 'Asia/Yangon', th: 'Asia/Bangkok' };

/** A day as a reader of `locale` writes it ("27 November 2026"), in that language's country. */
export function longDate(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: ZONES[locale] }).format(date);
}

/** An amount of whole kyat or baht as a reader of `locale` writes it ("5,000 MMK", "฿300"). */
export function money(amount: number, currency: string, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);
}

import { DEFAULT_LOCALE, isLocale, type Locale } from '@inkwell/contracts';
import { en, type MessageKey, type Messages } from './en';
import { my } from './my';
import { th } from './th';

export type { MessageKey } from './en';

const catalogs: Record<Locale, Messages> = { en, my, th };

export const isMessageKey = (value: string): value is MessageKey => value in en;

/** Translates a message key, filling `{name}` placeholders. */
export function t(locale: Locale, key: MessageKey, params?: Record<string, string | number>): string {
  const template = catalogs[locale][key] ?? en[key];
  if (!params) return template;
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

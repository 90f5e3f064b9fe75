import type { Locale } from '@inkwell/contracts';

// Building a formatter reads the locale's data (measured at a few milliseconds each on a fast machine), and a
// feed asks for one per card and count: each language and option set is built once.
const formats = new Map<string, Intl.NumberFormat>();

/**
 * Numbers in the language's own digits. Burmese asks for Myanmar digits explicitly: browsers differ in
 * their default for `my`, and the interface should not switch scripts between screens.
 */
export const numberFormat = (locale: Locale, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat => {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { ...options, ...(locale === 'my' ? { numberingSystem: 'mymr' } : {}) });
    formats.set(key, format);
  }
  return format;
};

const MYANMAR_ZERO = 0x1040;

/**
 * A whole number (not negative) in the language's digits, as `numberFormat` writes it: Burmese its own (၀–၉),
 * English and Thai 0–9; at least `width` digits; `grouped` puts a comma between thousands, as all three do.
 * Written by hand for what the first screen draws (dates, "2 of 5", a follower count): building the page's first
 * Intl.NumberFormat costs a slow phone tens of milliseconds in the middle of a render.
 */
export const wholeNumber = (
  locale: Locale,
  n: number,
  { width = 1, grouped = false }: { width?: number; grouped?: boolean } = {},
): string => {
  let plain = String(Math.trunc(n)).padStart(width, '0');
  if (grouped) plain = plain.replace(/\B(?=(\d{3})+$)/g, ',');
  return locale === 'my' ? plain.replace(/\d/g, (d) => String.fromCharCode(MYANMAR_ZERO + Number(d))) : plain;
};

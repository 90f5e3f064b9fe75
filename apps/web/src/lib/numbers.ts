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

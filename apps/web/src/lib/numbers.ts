import type { Locale } from '@inkwell/contracts';

/**
 * Numbers in the language's own digits. Burmese asks for Myanmar digits explicitly: browsers differ in
 * their default for `my`, and the interface should not switch scripts between screens.
 */
export const numberFormat = (locale: Locale, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat =>
  new Intl.NumberFormat(locale, { ...options, ...(locale === 'my' ? { numberingSystem: 'mymr' } : {}) });

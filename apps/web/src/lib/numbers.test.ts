import { describe, expect, it } from 'vitest';
import { LOCALES } from '@inkwell/contracts';
import { numberFormat, wholeNumber } from './numbers';

describe('wholeNumber', () => {
  it('writes what numberFormat writes, grouped or not, in every language', () => {
    for (const locale of LOCALES) {
      for (const n of [0, 7, 12, 999, 1_000, 12_345, 1_234_567]) {
        expect(wholeNumber(locale, n, { grouped: true })).toBe(numberFormat(locale).format(n));
        expect(wholeNumber(locale, n)).toBe(numberFormat(locale, { useGrouping: false }).format(n));
      }
      expect(wholeNumber(locale, 5, { width: 2 })).toBe(
        numberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false }).format(5),
      );
    }
  });
});

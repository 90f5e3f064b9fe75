import { describe, expect, it } from 'vitest';
import { longDate } from './dates';

describe('longDate', () => {
  const d = new Date(2026, 10, 21, 12);
  it('spells the month in each language', () => {
    expect(longDate(d, 'en')).toBe('November 21, 2026');
    expect(longDate(d, 'my')).toBe('၂၁ နိုဝင်ဘာ ၂၀၂၆');
    expect(longDate(d, 'th')).toContain('พฤศจิกายน');
  });
});

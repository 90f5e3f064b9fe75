import { describe, expect, it } from 'vitest';
import { longDate, longMonth, monthName } from './dates';

describe('longDate', () => {
  const d = new Date(2026, 10, 21, 12);
  it('spells the month in each language', () => {
    expect(longDate(d, 'en')).toBe('November 21, 2026');
    expect(longDate(d, 'my')).toBe('၂၁ နိုဝင်ဘာ ၂၀၂၆');
    expect(longDate(d, 'th')).toContain('พฤศจิกายน');
  });
});

describe('month names', () => {
  it('name a month alone and with its year in each language', () => {
    expect(monthName('2026-10', 'en')).toBe('October');
    expect(monthName('2026-10', 'my')).toBe('အောက်တိုဘာ');
    expect(monthName('2026-10', 'th')).toBe('ตุลาคม');
    expect(longMonth('2026-11', 'en')).toBe('November 2026');
    expect(longMonth('2026-11', 'my')).toBe('နိုဝင်ဘာ ၂၀၂၆');
    expect(longMonth('2026-11', 'th')).toContain('2569');
  });
});

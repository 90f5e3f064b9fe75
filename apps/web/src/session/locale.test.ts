import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserLocale, storeLocale, storedLocale } from './session';

describe('browserLocale', () => {
  it('takes the first of the browser’s languages Inkwell speaks', () => {
    expect(browserLocale(['my-MM', 'en-US'])).toBe('my');
    expect(browserLocale(['th'])).toBe('th');
    expect(browserLocale(['fr-FR', 'th-TH', 'my'])).toBe('th');
  });
  it('keeps English when it comes first, or when none is Burmese or Thai', () => {
    expect(browserLocale(['en-GB', 'my-MM'])).toBe('en');
    expect(browserLocale(['fr-FR', 'de'])).toBe('en');
    expect(browserLocale([])).toBe('en');
    expect(browserLocale(undefined)).toBe('en');
  });
});

describe('storedLocale', () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });
  it('follows the browser while nothing was chosen on this device', () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['th-TH', 'en'] });
    expect(storedLocale()).toBe('th');
  });
  it('a choice made on this device wins over the browser’s languages', () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['my-MM'] });
    storeLocale('en');
    expect(storedLocale()).toBe('en');
  });
});

import { describe, expect, it } from 'vitest';
import { en } from './en';
import { negotiateLocale, t } from './index';
import { my } from './my';
import { th } from './th';

describe('negotiateLocale', () => {
  it.each([
    [undefined, 'en'],
    ['my', 'my'],
    ['th-TH,th;q=0.9,en;q=0.8', 'th'],
    ['fr-FR,fr;q=0.9,my;q=0.5', 'my'],
    ['en;q=0.2,th;q=0.8', 'th'],
    ['de, fr', 'en'],
    ['th;q=0', 'en'],
  ])('%s → %s', (header, expected) => {
    expect(negotiateLocale(header)).toBe(expected);
  });
});

describe('t', () => {
  it('fills placeholders', () => {
    expect(t('en', 'validation.string_min', { min: 3 })).toBe('Must be at least 3 characters.');
    expect(t('th', 'errors.rate_limited', { seconds: 9 })).toContain('9 วินาที');
  });

  it('has every message in Burmese and Thai, actually translated', () => {
    for (const catalog of [my, th]) {
      for (const [key, value] of Object.entries(en)) {
        const translated = catalog[key as keyof typeof en];
        expect(translated, key).toBeTruthy();
        if (/[a-z]{5}/i.test(value.replace(/Inkwell|API|http:\/\/|https:\/\/|underscore/g, ''))) {
          expect(translated, key).not.toBe(value);
        }
        // Placeholders survive translation.
        for (const placeholder of value.match(/\{\w+\}/g) ?? []) expect(translated, key).toContain(placeholder);
      }
    }
  });
});

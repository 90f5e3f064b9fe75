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

  it('says a count in the plural form its language asks for', () => {
    expect(t('en', 'notifications.follow_body', { account: 'Yangon Stories', count: 1 })).toBe(
      'Yangon Stories has 1 follower now.',
    );
    expect(t('en', 'notifications.follow_body', { account: 'Yangon Stories', count: 1200 })).toBe(
      'Yangon Stories has 1200 followers now.',
    );
    expect(t('en', 'errors.rate_limited', { seconds: 1 })).toBe('Too many attempts. Please try again in 1 second.');
    expect(t('en', 'validation.string_min', { min: 1 })).toBe('Must be at least 1 character.');
    expect(t('en', 'notifications.chat_many', { from: 'Aung', count: 3 })).toBe('Aung · 3 new messages');
    // A number the caller formatted prints as given. Burmese and Thai have one form.
    expect(t('en', 'posts.import_too_many', { max: '20,000' })).toBe(
      'A file may hold at most 20,000 posts. Split it into smaller files.',
    );
    expect(t('my', 'notifications.follow_body', { account: 'ရန်ကုန်', count: 1 })).toBe('ရန်ကုန် တွင် ယခု ဖောလိုဝါ 1 ဦး ရှိပါပြီ။');
    expect(t('my', 'notifications.follow_body', { account: 'ရန်ကုန်', count: 25 })).toContain('ဖောလိုဝါ 25 ဦး');
    expect(t('th', 'notifications.follow_body', { account: 'กรุงเทพ', count: 1 })).toBe('ตอนนี้ กรุงเทพ มีผู้ติดตาม 1 คนแล้ว');
    expect(t('th', 'notifications.follow_body', { account: 'กรุงเทพ', count: 7 })).toBe('ตอนนี้ กรุงเทพ มีผู้ติดตาม 7 คนแล้ว');
  });

  it('writes every message that takes a count as an ICU plural in all three languages', () => {
    for (const [key, value] of Object.entries(en)) {
      if (!value.includes(', plural,')) continue;
      for (const catalog of [my, th]) expect(catalog[key as keyof typeof en], key).toContain(', plural,');
    }
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
        for (const placeholder of value.match(/\{\w+[},]/g) ?? []) expect(translated, key).toContain(placeholder);
      }
    }
  });
});

import { describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import my from '../i18n/my.json';
import th from '../i18n/th.json';
import adminEn from '../admin/i18n/en.json';
import adminMy from '../admin/i18n/my.json';
import adminTh from '../admin/i18n/th.json';
import safetyEn from '../features/safety/i18n/safety.en.json';
import safetyMy from '../features/safety/i18n/safety.my.json';
import safetyTh from '../features/safety/i18n/safety.th.json';
import membershipsEn from '../features/memberships/i18n/memberships.en.json';
import membershipsMy from '../features/memberships/i18n/memberships.my.json';
import membershipsTh from '../features/memberships/i18n/memberships.th.json';
import membersEn from '../features/posts/i18n/members.en.json';
import membersMy from '../features/posts/i18n/members.my.json';
import membersTh from '../features/posts/i18n/members.th.json';
import earningsEn from '../features/earnings/i18n/earnings.en.json';
import earningsMy from '../features/earnings/i18n/earnings.my.json';
import earningsTh from '../features/earnings/i18n/earnings.th.json';

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value] as [string, string]] : flatten(value, `${prefix}${key}.`),
  );

// The admin area's messages load with its chunk, safety's and memberships' with their dialogs and pages, the
// members-only posts' with their parts; together with the app's they form one catalogue per language.
const base = new Map([
  ...flatten(en),
  ...flatten(adminEn),
  ...flatten(safetyEn),
  ...flatten(membershipsEn),
  ...flatten(membersEn),
  ...flatten(earningsEn),
]);
// Names that are the same in every language.
const SAME_EVERYWHERE = new Set<string>([]);

describe.each([
  ['my', my, adminMy, safetyMy, membershipsMy, membersMy, earningsMy],
  ['th', th, adminTh, safetyTh, membershipsTh, membersTh, earningsTh],
] as const)(
  '%s translation',
  (_, catalog, adminCatalog, safetyCatalog, membershipsCatalog, membersCatalog, earningsCatalog) => {
    const translated = new Map([
      ...flatten(catalog as Tree),
      ...flatten(adminCatalog as Tree),
      ...flatten(safetyCatalog as Tree),
      ...flatten(membershipsCatalog as Tree),
      ...flatten(membersCatalog as Tree),
      ...flatten(earningsCatalog as Tree),
    ]);
    it('has every English key and no others', () => {
      expect([...translated.keys()].sort()).toEqual([...base.keys()].sort());
    });
    it('leaves no English sentence untranslated and keeps placeholders', () => {
      for (const [key, english] of base) {
        const value = translated.get(key)!;
        if (/[a-z]{4,}/i.test(english.replace(/Inkwell/g, '')) && !SAME_EVERYWHERE.has(key))
          expect(value, key).not.toBe(english);
        for (const placeholder of english.match(/\{\{\w+\}\}/g) ?? []) expect(value, key).toContain(placeholder);
      }
    });
  },
);

describe('counts', () => {
  const all = (...trees: unknown[]) => new Map(trees.flatMap((tree) => flatten(tree as Tree)));
  const catalogs = [
    ['en', all(en, adminEn, safetyEn, membershipsEn, membersEn, earningsEn)],
    ['my', all(my, adminMy, safetyMy, membershipsMy, membersMy, earningsMy)],
    ['th', all(th, adminTh, safetyTh, membershipsTh, membersTh, earningsTh)],
  ] as const;

  it.each(catalogs)('every %s message that takes a count has its plural forms (CLDR one and other)', (_, catalog) => {
    for (const [key, value] of catalog) {
      if (!value.includes('{{count}}')) continue;
      expect(key, `${key} takes {{count}}: make it ${key}_one / ${key}_other`).toMatch(/_(one|other)$/);
      const stem = key.replace(/_(one|other)$/, '');
      expect(catalog.has(`${stem}_one`) && catalog.has(`${stem}_other`), stem).toBe(true);
    }
  });

  it('says one and many apart in English, and the one form in Burmese and Thai', async () => {
    const { default: i18n } = await import('i18next');
    const instance = i18n.createInstance();
    await instance.init({
      lng: 'en',
      resources: { en: { translation: en }, my: { translation: my }, th: { translation: th } },
    });
    expect(instance.t('creators.characters_left', { count: 1 })).toBe('1 character left');
    expect(instance.t('creators.characters_left', { count: 2 })).toBe('2 characters left');
    expect(instance.t('creators.characters_left', { count: 0 })).toBe('0 characters left');
    for (const lng of ['my', 'th'] as const) {
      for (const count of [1, 3]) {
        expect(instance.t('creators.characters_left', { count, lng })).toContain(String(count));
        expect(instance.t('creators.characters_left', { count, lng })).not.toContain('creators.');
      }
    }
  });
});

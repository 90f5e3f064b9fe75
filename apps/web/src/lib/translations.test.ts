import { describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import my from '../i18n/my.json';
import th from '../i18n/th.json';
import adminEn from '../admin/i18n/en.json';
import adminMy from '../admin/i18n/my.json';
import adminTh from '../admin/i18n/th.json';

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value] as [string, string]] : flatten(value, `${prefix}${key}.`),
  );

// The admin area's messages load with its chunk; together with the app's they form one catalogue per language.
const base = new Map([...flatten(en), ...flatten(adminEn)]);
// Names that are the same in every language.
const SAME_EVERYWHERE = new Set<string>([]);

describe.each([
  ['my', my, adminMy],
  ['th', th, adminTh],
] as const)('%s translation', (_, catalog, adminCatalog) => {
  const translated = new Map([...flatten(catalog as Tree), ...flatten(adminCatalog as Tree)]);
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
});

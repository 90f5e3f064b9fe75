import { describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import my from '../i18n/my.json';
import th from '../i18n/th.json';

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value] as [string, string]] : flatten(value, `${prefix}${key}.`),
  );

const base = new Map(flatten(en));
// Names that are the same in every language.
const SAME_EVERYWHERE = new Set<string>([]);

describe.each([
  ['my', my],
  ['th', th],
] as const)('%s translation', (_, catalog) => {
  const translated = new Map(flatten(catalog as Tree));
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

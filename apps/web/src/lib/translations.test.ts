import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import my from '../i18n/my.json';
import th from '../i18n/th.json';
import adminShellEn from '../admin/i18n/en.json';
import adminShellMy from '../admin/i18n/my.json';
import adminShellTh from '../admin/i18n/th.json';
import adminPagesEn from '../admin/i18n/pages.en.json';
import adminPagesMy from '../admin/i18n/pages.my.json';
import adminPagesTh from '../admin/i18n/pages.th.json';
import safetyEn from '../features/safety/i18n/safety.en.json';
import safetyMy from '../features/safety/i18n/safety.my.json';
import safetyTh from '../features/safety/i18n/safety.th.json';
import membershipsEn from '../features/memberships/i18n/memberships.en.json';
import membershipsMy from '../features/memberships/i18n/memberships.my.json';
import membershipsTh from '../features/memberships/i18n/memberships.th.json';
import membersEn from '../features/posts/i18n/members.en.json';
import membersMy from '../features/posts/i18n/members.my.json';
import membersTh from '../features/posts/i18n/members.th.json';
import toolsEn from '../features/posts/i18n/tools.en.json';
import toolsMy from '../features/posts/i18n/tools.my.json';
import toolsTh from '../features/posts/i18n/tools.th.json';
import earningsEn from '../features/earnings/i18n/earnings.en.json';
import earningsMy from '../features/earnings/i18n/earnings.my.json';
import earningsTh from '../features/earnings/i18n/earnings.th.json';
import paymentsEn from '../admin/payments/i18n/payments.en.json';
import paymentsMy from '../admin/payments/i18n/payments.my.json';
import paymentsTh from '../admin/payments/i18n/payments.th.json';
import searchEn from '../features/search/i18n/search.en.json';
import searchMy from '../features/search/i18n/search.my.json';
import searchTh from '../features/search/i18n/search.th.json';
import textEn from '../components/text/i18n/text.en.json';
import textMy from '../components/text/i18n/text.my.json';
import textTh from '../components/text/i18n/text.th.json';
import discoveryWordsEn from '../features/discovery/i18n/discovery.en.json';
import discoveryWordsMy from '../features/discovery/i18n/discovery.my.json';
import discoveryWordsTh from '../features/discovery/i18n/discovery.th.json';
import packsEn from '../features/discovery/i18n/packs.en.json';
import packsMy from '../features/discovery/i18n/packs.my.json';
import packsTh from '../features/discovery/i18n/packs.th.json';
import uploadEn from '../components/media/i18n/upload.en.json';
import uploadMy from '../components/media/i18n/upload.my.json';
import uploadTh from '../components/media/i18n/upload.th.json';
import dataSaverEn from '../features/settings/i18n/dataSaver.en.json';
import dataSaverMy from '../features/settings/i18n/dataSaver.my.json';
import dataSaverTh from '../features/settings/i18n/dataSaver.th.json';

// The data saver setting's words (with the settings screen) go with the app's: the label stays there.
const withDataSaver = <T extends { data_saver: object }>(app: T, lazy: { data_saver: object }) => ({
  ...app,
  data_saver: { ...app.data_saver, ...lazy.data_saver },
});
const appEn = withDataSaver(en, dataSaverEn);
const appMy = withDataSaver(my, dataSaverMy);
const appTh = withDataSaver(th, dataSaverTh);

// The admin area's two files (the shell's and dashboard's; the other screens') as one tree.
const adminEn = { admin: { ...adminShellEn.admin, ...adminPagesEn.admin } };
const adminMy = { admin: { ...adminShellMy.admin, ...adminPagesMy.admin } };
const adminTh = { admin: { ...adminShellTh.admin, ...adminPagesTh.admin } };

// Discovery's two files (Explore's and the suggestions' words; the packs' and onboarding's) as one tree.
const discoveryEn = { ...discoveryWordsEn, ...packsEn };
const discoveryMy = { ...discoveryWordsMy, ...packsMy };
const discoveryTh = { ...discoveryWordsTh, ...packsTh };

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value] as [string, string]] : flatten(value, `${prefix}${key}.`),
  );

// The admin area's messages load with its chunk (its payments screen's with that screen), safety's and
// memberships' with their dialogs and pages, the members-only posts' with their parts, the creator tools' with theirs, search's (and tags') with
// their pages and the header's suggestions, text's with the composer's suggestions and the Zawgyi notice, upload's
// with an upload's progress; together with the app's they form one catalogue per language (discovery's comes with
// Explore's sections and the packs).
const base = new Map([
  ...flatten(appEn),
  ...flatten(adminEn),
  ...flatten(safetyEn),
  ...flatten(membershipsEn),
  ...flatten(membersEn),
  ...flatten(toolsEn),
  ...flatten(earningsEn),
  ...flatten(paymentsEn),
  ...flatten(searchEn),
  ...flatten(textEn),
  ...flatten(discoveryEn),
  ...flatten(uploadEn),
]);
// Names that are the same in every language.
const SAME_EVERYWHERE = new Set<string>([]);

describe.each([
  [
    'my',
    appMy,
    adminMy,
    safetyMy,
    membershipsMy,
    membersMy,
    earningsMy,
    paymentsMy,
    searchMy,
    textMy,
    discoveryMy,
    uploadMy,
  ],
  [
    'th',
    appTh,
    adminTh,
    safetyTh,
    membershipsTh,
    membersTh,
    earningsTh,
    paymentsTh,
    searchTh,
    textTh,
    discoveryTh,
    uploadTh,
  ],
] as const)(
  '%s translation',
  (
    language,
    catalog,
    adminCatalog,
    safetyCatalog,
    membershipsCatalog,
    membersCatalog,
    earningsCatalog,
    paymentsCatalog,
    searchCatalog,
    textCatalog,
    discoveryCatalog,
    uploadCatalog,
  ) => {
    const translated = new Map([
      ...flatten(catalog as Tree),
      ...flatten(adminCatalog as Tree),
      ...flatten(safetyCatalog as Tree),
      ...flatten(membershipsCatalog as Tree),
      ...flatten(membersCatalog as Tree),
      ...flatten((language === 'my' ? toolsMy : toolsTh) as Tree),
      ...flatten(earningsCatalog as Tree),
      ...flatten(paymentsCatalog as Tree),
      ...flatten(searchCatalog as Tree),
      ...flatten(textCatalog as Tree),
      ...flatten(discoveryCatalog as Tree),
      ...flatten(uploadCatalog as Tree),
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
    [
      'en',
      all(
        appEn,
        adminEn,
        safetyEn,
        membershipsEn,
        membersEn,
        toolsEn,
        earningsEn,
        paymentsEn,
        searchEn,
        textEn,
        discoveryEn,
        uploadEn,
      ),
    ],
    [
      'my',
      all(
        appMy,
        adminMy,
        safetyMy,
        membershipsMy,
        membersMy,
        toolsMy,
        earningsMy,
        paymentsMy,
        searchMy,
        textMy,
        discoveryMy,
        uploadMy,
      ),
    ],
    [
      'th',
      all(
        appTh,
        adminTh,
        safetyTh,
        membershipsTh,
        membersTh,
        toolsTh,
        earningsTh,
        paymentsTh,
        searchTh,
        textTh,
        discoveryTh,
        uploadTh,
      ),
    ],
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

describe("the admin shell's catalogue", () => {
  // The dashboard and the shell draw before the other screens' messages load (admin/i18n.ts): every admin key
  // they name must be in the shell's part, or an administrator would see the key itself.
  const files = ['admin/AdminShell.tsx', 'admin/sections.tsx', 'admin/reports/OpenReportsBadge.tsx'];
  const dashboard = path.join(import.meta.dirname, '..', 'admin', 'dashboard');
  for (const f of fs.readdirSync(dashboard))
    if (/\.tsx?$/.test(f) && !f.includes('.test.')) files.push(`admin/dashboard/${f}`);
  const shell = new Map(flatten(adminShellEn));
  it.each(files)('%s names only keys of the shell', (file) => {
    const source = fs.readFileSync(path.join(import.meta.dirname, '..', file), 'utf8');
    const keys = [...source.matchAll(/['`]admin\.([\w.]+)['`]/g)].map((m) => `admin.${m[1]}`);
    for (const key of keys) {
      const known = shell.has(key) || [...shell.keys()].some((k) => k.startsWith(`${key}.`) || k.startsWith(`${key}_`));
      expect(known, `${file}: ${key}`).toBe(true);
    }
  });
});

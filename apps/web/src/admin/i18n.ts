import type { Locale } from '@inkwell/contracts';
import i18n, { loadLocale } from '../i18n';
import en from './i18n/en.json';

/**
 * The admin area's messages travel in its own chunk, so readers never download them, and in two parts: the
 * shell's and the dashboard's (`<locale>.json`, with the area), and every other screen's (`pages.<locale>.json`),
 * loaded with the first such screen. The dashboard, where an administrator lands, has no room in its budget for
 * the words of fifteen screens it does not show.
 */
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<{ default: unknown }>> = {
  my: () => import('./i18n/my.json'),
  th: () => import('./i18n/th.json'),
};
const pageLoaders: Record<Locale, () => Promise<{ default: unknown }>> = {
  en: () => import('./i18n/pages.en.json'),
  my: () => import('./i18n/pages.my.json'),
  th: () => import('./i18n/pages.th.json'),
};

const loaded = new Set<Locale>(['en']);
const pagesLoaded = new Set<Locale>();
i18n.addResourceBundle('en', 'translation', en, true, true);

export const adminMessagesLoaded = (locale: Locale): boolean => loaded.has(locale);
export const adminPageMessagesLoaded = (locale: Locale): boolean => pagesLoaded.has(locale);

const add = (locale: Locale, bundle: { default: unknown }) =>
  i18n.addResourceBundle(locale, 'translation', bundle.default as Record<string, unknown>, true, true);

/** Adds the admin shell's messages of a language on top of the app's (which must be there first). */
export async function loadAdminMessages(locale: Locale): Promise<void> {
  if (loaded.has(locale) || locale === 'en') return;
  await loadLocale(locale);
  add(locale, await loaders[locale]());
  loaded.add(locale);
}

/** Adds the admin screens' messages of a language (all but the dashboard's), after the shell's. */
export async function loadAdminPageMessages(locale: Locale): Promise<void> {
  if (pagesLoaded.has(locale)) return;
  const [bundle] = await Promise.all([pageLoaders[locale](), loadAdminMessages(locale)]);
  add(locale, bundle);
  pagesLoaded.add(locale);
}

import type { Locale } from '@inkwell/contracts';
import i18n, { loadLocale } from '../i18n';
import en from './i18n/en.json';

/** The admin area's messages travel in its own chunk, so readers never download them. */
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<{ default: unknown }>> = {
  my: () => import('./i18n/my.json'),
  th: () => import('./i18n/th.json'),
};

const loaded = new Set<Locale>(['en']);
i18n.addResourceBundle('en', 'translation', en, true, true);

export const adminMessagesLoaded = (locale: Locale): boolean => loaded.has(locale);

/** Adds the admin messages of a language on top of the app's (which must be there first). */
export async function loadAdminMessages(locale: Locale): Promise<void> {
  if (loaded.has(locale) || locale === 'en') return;
  await loadLocale(locale);
  const bundle = await loaders[locale]();
  i18n.addResourceBundle(locale, 'translation', bundle.default as Record<string, unknown>, true, true);
  loaded.add(locale);
}

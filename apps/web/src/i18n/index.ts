import { LOCALES, type Locale } from '@inkwell/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storeLocale, storedLocale } from '../session/session';
import en from './en.json';

/** English ships with the app; Burmese and Thai load on demand (each is a large file of 3-byte glyphs). */
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<{ default: unknown }>> = {
  my: () => import('./my.json'),
  th: () => import('./th.json'),
};

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false },
  returnNull: false,
});

const applyDocumentLanguage = (lng: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
};
i18n.on('languageChanged', applyDocumentLanguage);

/** Loads a language's messages of the app (the admin area adds its own on top, after these). */
export async function loadLocale(locale: Locale): Promise<void> {
  if (locale === 'en' || i18n.hasResourceBundle(locale, 'translation')) return;
  const bundle = await loaders[locale]();
  i18n.addResourceBundle(locale, 'translation', bundle.default as Record<string, unknown>);
}

export async function changeLocale(locale: Locale): Promise<void> {
  await loadLocale(locale);
  storeLocale(locale);
  await i18n.changeLanguage(locale);
}

/** Before the first render: the language this device chose last time. */
export async function restoreLocale(): Promise<void> {
  const locale = storedLocale();
  await loadLocale(locale).catch(() => undefined);
  await i18n.changeLanguage(i18n.hasResourceBundle(locale, 'translation') ? locale : 'en');
}

export const currentLocale = (): Locale =>
  (LOCALES as readonly string[]).includes(i18n.language) ? (i18n.language as Locale) : 'en';

export default i18n;

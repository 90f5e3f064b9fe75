import { LOCALES, type Locale } from '@inkwell/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storeLocale, storedLocale } from '../session/session';

/**
 * Each language's messages are their own chunk, English too: a reader downloads only the language they read
 * (Burmese and Thai are large files of 3-byte glyphs). The first render waits for the active one (main.tsx,
 * behind the skeleton in index.html), so no screen ever shows raw keys.
 */
const loaders: Record<Locale, () => Promise<{ default: unknown }>> = {
  en: () => import('./en.json'),
  my: () => import('./my.json'),
  th: () => import('./th.json'),
};

void i18n.use(initReactI18next).init({
  resources: {},
  lng: 'en',
  // Only used once English happens to be loaded: every language carries every key (lib/translations.test.ts),
  // so a Burmese reader never needs English messages and never downloads them.
  fallbackLng: 'en',
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false },
  returnNull: false,
});

const applyDocumentLanguage = (lng: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
};
i18n.on('languageChanged', applyDocumentLanguage);

const loading = new Map<Locale, Promise<void>>();

/**
 * Loads a language's messages of the app once (the admin area adds its own on top). Remembered by promise, not
 * by `hasResourceBundle`: the admin chunk may have put its English keys in before the app's arrived.
 */
export function loadLocale(locale: Locale): Promise<void> {
  let promise = loading.get(locale);
  if (!promise) {
    promise = loaders[locale]().then(
      (bundle) => {
        i18n.addResourceBundle(locale, 'translation', bundle.default as Record<string, unknown>, true, false);
      },
      (error: unknown) => {
        // A dropped connection must not stick: the next switch tries again.
        loading.delete(locale);
        throw error;
      },
    );
    loading.set(locale, promise);
  }
  return promise;
}

export async function changeLocale(locale: Locale): Promise<void> {
  await loadLocale(locale);
  storeLocale(locale);
  await i18n.changeLanguage(locale);
}

/** Before the first render: the language this device chose last time (English if its messages fail to load). */
export async function restoreLocale(): Promise<void> {
  const locale = storedLocale();
  const ready = await loadLocale(locale).then(
    () => true,
    () => false,
  );
  if (!ready) await loadLocale('en');
  await i18n.changeLanguage(ready ? locale : 'en');
}

export const currentLocale = (): Locale =>
  (LOCALES as readonly string[]).includes(i18n.language) ? (i18n.language as Locale) : 'en';

export default i18n;

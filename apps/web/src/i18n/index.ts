import { LOCALES, type Locale } from '@inkwell/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storeLocale, storedLocale } from '../session/session';
import en from './en.json';
import my from './my.json';
import th from './th.json';

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, my: { translation: my }, th: { translation: th } },
  lng: storedLocale(),
  fallbackLng: 'en',
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false },
  returnNull: false,
});

const applyDocumentLanguage = (lng: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
};
applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', applyDocumentLanguage);

export async function changeLocale(locale: Locale): Promise<void> {
  storeLocale(locale);
  await i18n.changeLanguage(locale);
}

export const currentLocale = (): Locale =>
  (LOCALES as readonly string[]).includes(i18n.language) ? (i18n.language as Locale) : 'en';

export default i18n;

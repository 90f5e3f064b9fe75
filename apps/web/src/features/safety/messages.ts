import type { Locale } from '@inkwell/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import i18n, { currentLocale, loadLocale } from '../../i18n';

/**
 * Safety's dialogs, menus and settings pages bring their own messages: in the app's catalogue every first visit
 * would download them (the post page has no room left in its budget). Only the few labels drawn before anyone
 * blocks or mutes (a menu's button, the profile menu) are in the app's catalogue.
 */
const loaders: Record<Locale, () => Promise<{ default: unknown }>> = {
  en: () => import('./i18n/safety.en.json'),
  my: () => import('./i18n/safety.my.json'),
  th: () => import('./i18n/safety.th.json'),
};

const loaded = new Set<Locale>();
const loading = new Map<Locale, Promise<void>>();

/** Adds safety's messages of a language on top of the app's (which must be there first), once. */
export function loadSafetyMessages(locale: Locale = currentLocale()): Promise<void> {
  let promise = loading.get(locale);
  if (!promise) {
    promise = loadLocale(locale)
      .then(loaders[locale])
      .then(
        (bundle) => {
          i18n.addResourceBundle(locale, 'translation', bundle.default as Record<string, unknown>, true, true);
          loaded.add(locale);
        },
        (error: unknown) => {
          // A dropped connection must not stick: the next try loads again.
          loading.delete(locale);
          throw error;
        },
      );
    loading.set(locale, promise);
  }
  return promise;
}

/**
 * Whether safety's messages of the reader's language are in; asks for them when not (a part opened after a
 * change of language). Its parts draw nothing until then (their lazy door brought the first language's).
 */
export function useSafetyMessages(): boolean {
  const { i18n: instance } = useTranslation();
  const locale = currentLocale();
  const [, rerender] = useState(0);
  useEffect(() => {
    if (!loaded.has(locale)) void loadSafetyMessages(locale).finally(() => rerender((n) => n + 1));
  }, [locale, instance.language]);
  return loaded.has(locale);
}

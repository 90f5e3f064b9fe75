import type { Locale } from '@inkwell/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import i18n, { currentLocale, loadLocale } from '../i18n';

type Loaders = Record<Locale, () => Promise<{ default: unknown }>>;

/**
 * A feature's own messages, loaded with its lazy parts: in the app's catalogue every first visit would download
 * them (the first screens have no room left in their budget). Only the few labels drawn before the feature's
 * code arrives (a button, a menu entry) belong in the app's catalogue.
 */
export function lazyMessages(loaders: Loaders) {
  const loaded = new Set<Locale>();
  const loading = new Map<Locale, Promise<void>>();

  /** Adds the feature's messages of a language on top of the app's (which must be there first), once. */
  function load(locale: Locale = currentLocale()): Promise<void> {
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
   * Whether the messages of the reader's language are in; asks for them when not (a part opened after a change of
   * language). The feature's parts draw nothing until then (their lazy door brought the first language's).
   */
  function useReady(): boolean {
    const { i18n: instance } = useTranslation();
    const locale = currentLocale();
    const [, rerender] = useState(0);
    useEffect(() => {
      if (!loaded.has(locale)) void load(locale).finally(() => rerender((n) => n + 1));
    }, [locale, instance.language]);
    return loaded.has(locale);
  }

  return { load, useReady };
}

import { lazyMessages } from '../../lib/lazyMessages';

/**
 * What the data saver setting says it changes and saves, loaded with the settings screen: in the app's catalogue
 * every first visit would carry them. Its label and the held image's button stay in the app's.
 */
const messages = lazyMessages({
  en: () => import('./i18n/dataSaver.en.json'),
  my: () => import('./i18n/dataSaver.my.json'),
  th: () => import('./i18n/dataSaver.th.json'),
});

export const useDataSaverMessages = messages.useReady;

import { lazyMessages } from '../../lib/lazyMessages';

/** The composer's @ and # suggestions and the Zawgyi notice bring their few words along, as they load. */
const messages = lazyMessages({
  en: () => import('./i18n/text.en.json'),
  my: () => import('./i18n/text.my.json'),
  th: () => import('./i18n/text.th.json'),
});

export const loadTextMessages = messages.load;
export const useTextMessages = messages.useReady;

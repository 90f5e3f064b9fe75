import { lazyMessages } from '../../lib/lazyMessages';

/**
 * Search's words and the tags' (their pages, trending, the tags I follow, the feeds' language choice) load with
 * their parts: in the app's catalogue every first visit would download them. The app's catalogue keeps only what
 * the header's search box draws before its suggestions arrive.
 */
const messages = lazyMessages({
  en: () => import('./i18n/search.en.json'),
  my: () => import('./i18n/search.my.json'),
  th: () => import('./i18n/search.th.json'),
});

export const loadSearchMessages = messages.load;
export const useSearchMessages = messages.useReady;

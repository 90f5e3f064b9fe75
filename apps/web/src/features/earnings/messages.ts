import { lazyMessages } from '../../lib/lazyMessages';

/**
 * The earnings screen brings its own messages (only its owners ever open it). In the app's catalogue is only the
 * route's title, which My accounts' link to it shares.
 */
const messages = lazyMessages({
  en: () => import('./i18n/earnings.en.json'),
  my: () => import('./i18n/earnings.my.json'),
  th: () => import('./i18n/earnings.th.json'),
});

export const useEarningsMessages = messages.useReady;

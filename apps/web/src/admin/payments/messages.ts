import { lazyMessages } from '../../lib/lazyMessages';

/**
 * The payments screen brings its own messages: in the admin catalogue they would ride along with every admin
 * area's first visit (the dashboard has no room left in its budget). The admin catalogue keeps only its menu
 * entry and title, drawn before this screen loads.
 */
const messages = lazyMessages({
  en: () => import('./i18n/payments.en.json'),
  my: () => import('./i18n/payments.my.json'),
  th: () => import('./i18n/payments.th.json'),
});

export const usePaymentsMessages = messages.useReady;

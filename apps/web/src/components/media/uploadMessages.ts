import { lazyMessages } from '../../lib/lazyMessages';

/**
 * The words of a file on its way (sizes, speed, time left, pause and resume), loaded as an upload starts: in the
 * app's catalogue every first visit would carry them. The bar and its percentage need only the app's.
 */
const messages = lazyMessages({
  en: () => import('./i18n/upload.en.json'),
  my: () => import('./i18n/upload.my.json'),
  th: () => import('./i18n/upload.th.json'),
});

export const loadUploadMessages = messages.load;
export const useUploadMessages = messages.useReady;

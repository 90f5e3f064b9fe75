import { lazyMessages } from '../../lib/lazyMessages';

/**
 * Safety's dialogs, menus and settings pages bring their own messages: in the app's catalogue every first visit
 * would download them (the post page has no room left in its budget). Only the few labels drawn before anyone
 * blocks or mutes (a menu's button, the profile menu) are in the app's catalogue.
 */
const messages = lazyMessages({
  en: () => import('./i18n/safety.en.json'),
  my: () => import('./i18n/safety.my.json'),
  th: () => import('./i18n/safety.th.json'),
});

/** Adds safety's messages of a language on top of the app's, once. */
export const loadSafetyMessages = messages.load;

/** Whether safety's messages of the reader's language are in (asked for when not). */
export const useSafetyMessages = messages.useReady;

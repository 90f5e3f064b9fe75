import { lazyMessages } from '../../lib/lazyMessages';

/**
 * Memberships' section, dialogs and pages bring their own messages (the account page has no room left in its
 * budget). In the app's catalogue are only the labels drawn before they load: the account page's Support button,
 * the profile menu's entry and My accounts' link to the tiers.
 */
const messages = lazyMessages({
  en: () => import('./i18n/memberships.en.json'),
  my: () => import('./i18n/memberships.my.json'),
  th: () => import('./i18n/memberships.th.json'),
});

export const loadMembershipMessages = messages.load;
export const useMembershipMessages = messages.useReady;

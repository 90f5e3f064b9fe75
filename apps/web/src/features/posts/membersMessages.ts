import { lazyMessages } from '../../lib/lazyMessages';

/**
 * The members-only parts (a locked post, the badges, the composer's "Who can read this") bring their own messages:
 * in the app's catalogue every first visit would download them, and the post, account and compose screens have no
 * room left in their budget.
 */
const messages = lazyMessages({
  en: () => import('./i18n/members.en.json'),
  my: () => import('./i18n/members.my.json'),
  th: () => import('./i18n/members.th.json'),
});

export const loadMembersMessages = messages.load;
export const useMembersMessages = messages.useReady;

import { lazyMessages } from '../../lib/lazyMessages';

/**
 * Discovery's words load with their parts: in the app's catalogue every first visit would download them. Explore's
 * sections and the suggestions' cards (Explore, Home, account pages) have theirs; starter packs and onboarding have
 * a second file, so Explore's first screen does not carry the words of pages it only links to.
 */
const messages = lazyMessages({
  en: () => import('./i18n/discovery.en.json'),
  my: () => import('./i18n/discovery.my.json'),
  th: () => import('./i18n/discovery.th.json'),
});

const packMessages = lazyMessages({
  en: () => import('./i18n/packs.en.json'),
  my: () => import('./i18n/packs.my.json'),
  th: () => import('./i18n/packs.th.json'),
});

export const loadDiscoveryMessages = messages.load;
export const useDiscoveryMessages = messages.useReady;

/** Both files: the packs' and onboarding's pages also draw suggestion cards and Explore's words. */
export function usePackMessages(): boolean {
  const discovery = messages.useReady();
  const packs = packMessages.useReady();
  return discovery && packs;
}

import { lazyMessages } from '../../lib/lazyMessages';

/**
 * The creator tools' own messages (the drafts list, edit history, pin actions, image descriptions, the schedule
 * panel, the preview page), loaded with their lazy parts: every screen's first visit has no room left for them.
 * The few labels drawn before (the composer's draft line and Schedule button, the Edited mark, the Pinned heading,
 * My posts' tabs) stay in the app's catalogue.
 */
const messages = lazyMessages({
  en: () => import('./i18n/tools.en.json'),
  my: () => import('./i18n/tools.my.json'),
  th: () => import('./i18n/tools.th.json'),
});

export const loadToolsMessages = messages.load;
export const useToolsMessages = messages.useReady;

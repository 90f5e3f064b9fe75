/*
 * The auth feature's door for other features: the social sign-in buttons (the welcome screen's), never a page
 * (pages load lazily with their routes; a page here would ride along in every chunk that opens this door).
 * Signing in and out: api.ts.
 */
export { SocialButtons } from './SocialButtons';
export { SOCIAL_PROVIDERS_KEY } from './socialApi';

/* The safety feature's door: blocking and muting where people meet (a person's or an account's menu, a comment, a
 * chat, a post's menu, a post opened by link), each part loading with its messages when first drawn. The settings
 * pages load with their routes (SettingsPages.ts). Queries: api.ts. */
export { Safety, muteAccount } from './Lazy';
export type { BlockTarget } from './api';
export type { SafetyPartProps } from './safetyParts';

import { EXCERPT_WORDS } from '@inkwell/contracts';

/**
 * The spec's list excerpt: 50 words and an ellipsis. Burmese and Thai run words together, so text with
 * few spaces is cut by length instead.
 */
export function excerpt(text: string, words = EXCERPT_WORDS): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const parts = clean.split(' ');
  if (parts.length > words) return `${parts.slice(0, words).join(' ')}…`;
  const limit = words * 8;
  return clean.length > limit ? `${clean.slice(0, limit)}…` : clean;
}

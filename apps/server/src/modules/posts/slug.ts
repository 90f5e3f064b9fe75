import { randomBytes } from 'node:crypto';

/**
 * A readable, stable slug: the title's words in any script (Burmese and Thai stay as they are, which
 * URLs carry percent-encoded), joined by dashes, then a short random suffix that makes it unique.
 */
export function makeSlug(text: string | null | undefined, fallback: string): string {
  const words = (text ?? '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  // Cut at a dash before 60 characters, never inside a syllable's combining marks.
  let base = words.slice(0, 60);
  if (words.length > 60)
    base = base.includes('-') ? base.slice(0, base.lastIndexOf('-')) : base.replace(/\p{M}+$/u, '');
  return `${base || fallback}-${randomBytes(4).toString('hex').slice(0, 6)}`;
}

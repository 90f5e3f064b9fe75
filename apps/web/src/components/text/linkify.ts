import { findMentions, findTags, type Found, type Mention } from '@inkwell/contracts';

/** A stretch of text as written, or a #tag or @mention in it with where it leads. */
export type Part = string | { text: string; to: string };

/**
 * Web addresses, whose `#fragment` or `/@handle` is part of the address: never a tag or a mention, whatever the
 * contracts' patterns make of what follows a `?` or a `=`.
 */
const ADDRESS = /\b(?:https?:\/\/|www\.)[^\s<>"']+/giu;

/**
 * Every match in the text, not only the first of each: the contracts list each tag and name once (what a post
 * names). Each round covers what it found with letters (of the same length, so later indexes hold), and a letter
 * before a `#` or `@` is what the patterns refuse anyway: the next round finds the next occurrence as written.
 */
function everyMatch(text: string, find: (text: string) => Found[]): Found[] {
  const all: Found[] = [];
  let rest = text;
  for (let round = 0; round < 50; round++) {
    const found = find(rest);
    if (found.length === 0) break;
    all.push(...found);
    for (const f of found) rest = rest.slice(0, f.start) + 'x'.repeat(f.end - f.start) + rest.slice(f.end);
  }
  return all;
}

export const tagPath = (tag: string) => `/tags/${encodeURIComponent(tag)}`;

/** Where a mention leads: an account's page or a person's. */
export const mentionPath = (mention: Mention) =>
  mention.kind === 'account' ? `/a/${mention.username}` : `/u/${mention.id}`;

/**
 * The text cut at its #tags and @mentions. A tag links when `tags` names it (a post's, as the server read them:
 * past its tenth, tags stay plain text) or always with `'any'` (a comment, which carries none); an @name links
 * only when the server resolved it (`mentions`): an unknown name stays as typed.
 */
export function linkParts(text: string, mentions: readonly Mention[], tags: readonly string[] | 'any'): Part[] {
  // The patterns read NFC (the server stores it so); NFC reads the same on screen.
  const source = text.normalize('NFC');
  const addresses = [...source.matchAll(ADDRESS)].map((m) => [m.index, m.index + m[0].length] as const);
  const inAddress = (at: number) => addresses.some(([start, end]) => at >= start && at < end);
  const named = new Map(mentions.map((m) => [m.username.toLowerCase(), m]));

  const links = [
    ...everyMatch(source, findTags)
      .filter((f) => tags === 'any' || tags.includes(f.value))
      .map((f) => ({ ...f, to: tagPath(f.value) })),
    ...everyMatch(source, findMentions).flatMap((f) => {
      const mention = named.get(f.value);
      return mention ? [{ ...f, to: mentionPath(mention) }] : [];
    }),
  ]
    .filter((link) => !inAddress(link.start))
    .sort((a, b) => a.start - b.start);

  const parts: Part[] = [];
  let at = 0;
  for (const link of links) {
    if (link.start < at) continue;
    if (link.start > at) parts.push(source.slice(at, link.start));
    parts.push({ text: source.slice(link.start, link.end), to: link.to });
    at = link.end;
  }
  if (at < source.length || parts.length === 0) parts.push(source.slice(at));
  return parts;
}

import { z } from 'zod';
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from './constants';

/*
 * Words, #tags and @mentions in every script, read the same way by the server (when text is written and searched)
 * and the web (links in the text, the composer's autocomplete). Burmese and Thai are written without spaces
 * between words: `Intl.Segmenter` (ICU's dictionaries, in Node and in browsers) finds the words inside them.
 */

export const TAG_MAX_LENGTH = 50;
/** A post names at most this many tags, and calls at most this many people (the rest stay plain text). */
export const TAGS_PER_POST_MAX = 10;
export const MENTIONS_PER_TEXT_MAX = 10;

/**
 * `#` then letters, combining marks (Burmese and Thai vowels and tones are marks), digits and `_`, with at least
 * one letter; it ends at a space or punctuation (Burmese ၊ ။ and Thai ฯ are punctuation). Not inside a word or a
 * URL fragment (`a#b`, `/#x`), nor an HTML entity (`&#39;`).
 */
const TAG = /(?<![\p{L}\p{M}\p{N}_&#/])#([\p{L}\p{M}\p{N}_]*\p{L}[\p{L}\p{M}\p{N}_]*)/gu;

/** `@` and a username (letters, digits, `_` and `.`; not ending in a dot), not inside an e-mail address. */
const MENTION = /(?<![\p{L}\p{M}\p{N}_.@/])@([a-z0-9_][a-z0-9_.]*[a-z0-9_]|[a-z0-9_])/giu;

/** A tag as it is stored and looked up: NFC, case-folded. */
export const normalizeTag = (tag: string): string =>
  tag.normalize('NFC').toLocaleLowerCase('en').slice(0, TAG_MAX_LENGTH);

export interface Found {
  /** Normalised (a tag) or lower-cased (a username). */
  value: string;
  /** Where the `#` or `@` is, and where the match ends, in the text as given. */
  start: number;
  end: number;
}

/** The #tags of a text, in order, each once. */
export function findTags(text: string): Found[] {
  const seen = new Set<string>();
  const found: Found[] = [];
  for (const m of text.normalize('NFC').matchAll(TAG)) {
    const value = normalizeTag(m[1]!);
    if (value.length === 0 || seen.has(value)) continue;
    seen.add(value);
    found.push({ value, start: m.index, end: m.index + m[0].length });
  }
  return found;
}

export const parseTags = (text: string): string[] => findTags(text).map((t) => t.value);

/** The @usernames of a text, in order, each once. */
export function findMentions(text: string): Found[] {
  const seen = new Set<string>();
  const found: Found[] = [];
  for (const m of text.matchAll(MENTION)) {
    const value = m[1]!.toLowerCase();
    if (value.length < USERNAME_MIN_LENGTH || value.length > USERNAME_MAX_LENGTH || seen.has(value)) continue;
    seen.add(value);
    found.push({ value, start: m.index, end: m.index + m[0].length });
  }
  return found;
}

export const parseMentions = (text: string): string[] => findMentions(text).map((m) => m.value);

const segmenters = new Map<string, Intl.Segmenter>();
const segmenter = (locale: string) => {
  let s = segmenters.get(locale);
  if (!s) segmenters.set(locale, (s = new Intl.Segmenter(locale, { granularity: 'word' })));
  return s;
};

export interface Word {
  word: string;
  index: number;
}

/**
 * The words of a text, as ICU finds them (spaces and punctuation left out), lower-cased. One segmenter reads
 * every script: ICU picks the dictionary by the characters, whatever the locale given.
 */
export function words(text: string): Word[] {
  const out: Word[] = [];
  for (const part of segmenter('en').segment(text.normalize('NFC'))) {
    if (part.isWordLike) out.push({ word: part.segment.toLocaleLowerCase('en'), index: part.index });
  }
  return out;
}

export const POST_LANGUAGES = ['my', 'th', 'en', 'other'] as const;
export type PostLanguage = (typeof POST_LANGUAGES)[number];

/**
 * The language of a text, from its script: Burmese (Myanmar letters), Thai, English (Latin letters), or other.
 * The script with the most letters wins; a text with no letters at all is `other`.
 */
export function languageOf(text: string): PostLanguage {
  let my = 0;
  let th = 0;
  let latin = 0;
  let letters = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c >= 0x1000 && c <= 0x109f) my++;
    else if (c >= 0x0e00 && c <= 0x0e7f) th++;
    else if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0xc0 && c <= 0x24f)) latin++;
    else if (/\p{L}/u.test(ch)) letters++;
  }
  const best = Math.max(my, th, latin, letters);
  if (best === 0) return 'other';
  if (best === my) return 'my';
  if (best === th) return 'th';
  if (best === latin) return 'en';
  return 'other';
}

/** An @mention as written and resolved: a creator account (its page) or a person (theirs). */
export const Mention = z.object({
  username: z.string(),
  kind: z.enum(['account', 'user']),
  id: z.number().int(),
});
export type Mention = z.infer<typeof Mention>;

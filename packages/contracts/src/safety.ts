import { z } from 'zod';
import { IdParams, PageQuery, Timestamp, dataOf, paged } from './common';
import { endpoint } from './endpoint';

/**
 * Blocks and mutes. A block works both ways: neither person reaches the other (follow, chat, comment, like,
 * befriend) and each leaves the other's lists; the blocked person is not told. A mute only hides, for the muter:
 * the muted account's posts, or posts with a muted word, leave my feeds and search (still open by link).
 */
export const BlockResult = z.object({ is_blocked: z.boolean() });
export type BlockResult = z.infer<typeof BlockResult>;

export const MuteResult = z.object({ is_muted: z.boolean() });
export type MuteResult = z.infer<typeof MuteResult>;

/** A person I blocked (Settings → Blocked people). */
export const BlockedUser = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  profile_url: z.string().nullable(),
  blocked_at: Timestamp,
});
export type BlockedUser = z.infer<typeof BlockedUser>;

/** An account I muted (Settings → Muted accounts). */
export const MutedAccount = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  profile_url: z.string().nullable(),
  muted_at: Timestamp,
});
export type MutedAccount = z.infer<typeof MutedAccount>;

export const MUTED_WORDS_MAX = 100;
export const MUTED_WORD_MAX_LENGTH = 50;

/**
 * Muted words, any script: each is matched inside a post's normalised text (NFC, lower case), so a Burmese or
 * Thai word is found in text written without spaces. Blank and repeated words are dropped.
 */
export const MutedWordsBody = z.object({
  words: z
    .array(z.string().trim().max(MUTED_WORD_MAX_LENGTH))
    .max(MUTED_WORDS_MAX)
    .transform((words) => [...new Set(words.map((w) => w.normalize('NFC')).filter((w) => w.length > 0))]),
});
export type MutedWordsBody = z.input<typeof MutedWordsBody>;

export const MutedWords = z.object({ words: z.array(z.string()) });
export type MutedWords = z.infer<typeof MutedWords>;

const tags = ['Safety'] as const;

export const safetyApi = {
  block: endpoint({
    method: 'POST',
    path: '/users/:id/block',
    params: IdParams,
    response: BlockResult,
    summary: 'Block a person (both ways; they are not told)',
    tags,
  }),
  unblock: endpoint({
    method: 'DELETE',
    path: '/users/:id/block',
    params: IdParams,
    response: BlockResult,
    summary: 'Unblock a person',
    tags,
  }),
  /**
   * Beyond API.md: an account page does not name its people, so "block" there blocks the account's owners
   * without telling the reader who they are.
   */
  blockAccount: endpoint({
    method: 'POST',
    path: '/accounts/:id/block',
    params: IdParams,
    response: BlockResult,
    summary: 'Block the owners of an account (both ways; they are not told)',
    tags,
  }),
  unblockAccount: endpoint({
    method: 'DELETE',
    path: '/accounts/:id/block',
    params: IdParams,
    response: BlockResult,
    summary: 'Unblock the owners of an account',
    tags,
  }),
  blocks: endpoint({
    method: 'GET',
    path: '/user/blocks',
    query: PageQuery,
    response: paged(BlockedUser),
    summary: 'The people I blocked, the latest first',
    tags,
  }),
  mute: endpoint({
    method: 'POST',
    path: '/accounts/:id/mute',
    params: IdParams,
    response: MuteResult,
    summary: 'Mute an account: its posts leave my feeds and search',
    tags,
  }),
  unmute: endpoint({
    method: 'DELETE',
    path: '/accounts/:id/mute',
    params: IdParams,
    response: MuteResult,
    summary: 'Unmute an account',
    tags,
  }),
  mutes: endpoint({
    method: 'GET',
    path: '/user/mutes',
    query: PageQuery,
    response: paged(MutedAccount),
    summary: 'The accounts I muted, the latest first',
    tags,
  }),
  mutedWords: endpoint({
    method: 'GET',
    path: '/user/muted-words',
    response: dataOf(MutedWords),
    summary: 'My muted words',
    tags,
  }),
  setMutedWords: endpoint({
    method: 'PUT',
    path: '/user/muted-words',
    body: MutedWordsBody,
    response: dataOf(MutedWords),
    summary: 'Replace my muted words (at most 100, each at most 50 characters)',
    tags,
  }),
} as const;

import { z } from 'zod';
import { dataOf } from './common';
import { endpoint } from './endpoint';
import { POST_TYPES } from './posts';
import { POST_LANGUAGES } from './text';
import { PublicUser } from './users';

export const SEARCH_TYPES = ['all', 'posts', 'accounts', 'users', 'tags'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
/** Rows of the kind asked for in one page (with `all`: this many posts, and a few of each other kind). */
export const SEARCH_PAGE_SIZE = 20;
/** With `all`, the first page shows this many accounts, people and tags above the posts. */
export const SEARCH_ALL_OTHERS = 5;
/** Search-as-you-type answers at most this many suggestions in all. */
export const SUGGEST_MAX = 8;
export const SEARCH_SINCE = ['day', 'week', 'month', 'year'] as const;
export type SearchSince = (typeof SEARCH_SINCE)[number];

/** `before`: where the previous page of a ranked list stopped (its `meta.next_cursor`, as it came). */
const SEARCH_CURSOR = /^([0-9a-z]{1,12})\.([0-9a-z]{1,7})$/;
export interface SearchCursor {
  score: number;
  id: number;
}
export const encodeSearchCursor = (c: SearchCursor) => `${c.score.toString(36)}.${c.id.toString(36)}`;
export const SearchCursorParam = z.string().transform((value, ctx): SearchCursor => {
  const match = SEARCH_CURSOR.exec(value);
  const score = match ? parseInt(match[1]!, 36) : NaN;
  const id = match ? parseInt(match[2]!, 36) : NaN;
  if (Number.isSafeInteger(score) && Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647) return { score, id };
  ctx.addIssue({ code: 'custom', message: 'pagination.invalid_cursor', input: value });
  return z.NEVER;
});

export const SearchQuery = z.object({
  q: z.string().trim().min(1).max(100),
  type: z.enum(SEARCH_TYPES).default('all'),
  /** Posts in this language only. */
  language: z.enum(POST_LANGUAGES).optional(),
  post_type: z.enum(POST_TYPES).optional(),
  /** Posts from the last day, week, month or year only. */
  since: z.enum(SEARCH_SINCE).optional(),
  before: SearchCursorParam.optional(),
});
export type SearchQuery = z.input<typeof SearchQuery>;

export const SuggestQuery = z.object({ q: z.string().trim().min(1).max(100) });

/** A post as search shows it: enough to recognise and open it. */
export const PostHit = z.object({
  id: z.number().int(),
  slug: z.string(),
  type: z.string(),
  title: z.string().nullable(),
  /** Its opening, plain text (a members-only post's teaser when it is locked for me). */
  excerpt: z.string(),
  /**
   * The part of its text around the words found, with those words in `<mark>`: HTML, every other character
   * escaped, so it can be shown as it is.
   */
  highlight: z.string(),
  language: z.enum(POST_LANGUAGES),
  likes_count: z.number().int(),
  comments_count: z.number().int(),
  account: z.object({ username: z.string(), name: z.string(), profile_url: z.string().nullable() }),
  /** Members-only and not for me: the hit shows its title only. */
  locked: z.boolean(),
  created_at: z.string(),
});
export type PostHit = z.infer<typeof PostHit>;

export const AccountHit = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  description: z.string(),
  profile_url: z.string().nullable(),
  followers_count: z.number().int(),
});
export type AccountHit = z.infer<typeof AccountHit>;

export const TagHit = z.object({ tag: z.string(), posts_count: z.number().int() });
export type TagHit = z.infer<typeof TagHit>;

export const SearchResults = z.object({
  accounts: z.array(AccountHit),
  posts: z.array(PostHit),
  users: z.array(PublicUser),
  tags: z.array(TagHit),
});
export type SearchResults = z.infer<typeof SearchResults>;

/** The next page of the kind asked for (`posts` with `all`); null on the last. */
export const SearchAnswer = z.object({
  data: SearchResults,
  meta: z.object({ next_cursor: z.string().nullable() }),
});

export const Suggestions = z.object({
  accounts: z.array(AccountHit),
  users: z.array(PublicUser),
  tags: z.array(TagHit),
});
export type Suggestions = z.infer<typeof Suggestions>;

export const searchApi = {
  search: endpoint({
    method: 'GET',
    path: '/search',
    query: SearchQuery,
    response: SearchAnswer,
    summary:
      'Search posts, accounts, people and tags by words (found inside unspaced Burmese and Thai), ranked by match, recency and engagement, with highlighted snippets; parts of words and typos match by trigrams',
    tags: ['Search'],
  }),
  suggest: endpoint({
    method: 'GET',
    path: '/search/suggest',
    query: SuggestQuery,
    response: dataOf(Suggestions),
    summary: 'Search-as-you-type: up to 8 accounts, people and tags whose names start with (or contain) the words',
    tags: ['Search'],
  }),
} as const;

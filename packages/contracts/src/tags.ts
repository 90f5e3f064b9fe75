import { z } from 'zod';
import { CursorPageMeta, CursorPageQuery, dataOf } from './common';
import { endpoint } from './endpoint';
import { Post } from './posts';
import { TagHit } from './search';
import { POST_LANGUAGES, TAG_MAX_LENGTH, normalizeTag } from './text';

/** A tag in a path: any script, as typed or as linked (it is normalised: NFC, case-folded). */
export const TagParams = z.object({
  tag: z
    .string()
    .trim()
    .min(1)
    .max(TAG_MAX_LENGTH)
    .regex(/^[\p{L}\p{M}\p{N}_]+$/u, { error: 'tags.invalid' })
    .transform(normalizeTag),
});

export const Tag = z.object({
  tag: z.string(),
  posts_count: z.number().int(),
  /** I follow it: its posts join my feed. */
  is_followed: z.boolean(),
});
export type Tag = z.infer<typeof Tag>;

/** A tag's page: the tag, and its posts newest first (members-only ones locked as anywhere else). */
export const TagPage = z.object({ data: Tag, posts: z.array(Post), meta: CursorPageMeta });

export const TrendingQuery = z.object({ language: z.enum(POST_LANGUAGES).optional() });
/** Trending: the tags of the most posts in the last 24 hours. */
export const TRENDING_WINDOW_HOURS = 24;
export const TRENDING_MAX = 10;

const tags = ['Tags'] as const;

export const tagsApi = {
  tag: endpoint({
    method: 'GET',
    path: '/tags/:tag',
    params: TagParams,
    query: CursorPageQuery,
    response: TagPage,
    summary: "A tag and its posts, newest first (a tag nobody used answers with no posts, so links don't break)",
    tags,
  }),
  follow: endpoint({
    method: 'POST',
    path: '/tags/:tag/follow',
    params: TagParams,
    response: dataOf(Tag),
    summary: 'Follow a tag: its posts join my feed',
    tags,
  }),
  unfollow: endpoint({
    method: 'DELETE',
    path: '/tags/:tag/follow',
    params: TagParams,
    response: dataOf(Tag),
    summary: 'Stop following a tag: its posts leave my feed (unless I follow their account)',
    tags,
  }),
  trending: endpoint({
    method: 'GET',
    path: '/tags/trending',
    query: TrendingQuery,
    response: dataOf(z.array(TagHit)),
    summary: 'The tags of the most posts in the last 24 hours, in one language or all',
    tags,
  }),
  followed: endpoint({
    method: 'GET',
    path: '/user/tags',
    response: dataOf(z.array(Tag)),
    summary: 'The tags I follow',
    tags,
  }),
} as const;

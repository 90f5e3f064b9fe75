import { z } from 'zod';
import { dataOf } from './common';
import { endpoint } from './endpoint';
import { PublicUser } from './users';

export const SEARCH_TYPES = ['accounts', 'posts', 'users'] as const;
export const SEARCH_MAX_RESULTS = 20;

export const SearchQuery = z.object({
  q: z.string().trim().min(1).max(100),
  type: z.enum(SEARCH_TYPES).optional(),
});

/** A post as search shows it: enough to recognise and open it. */
export const PostHit = z.object({
  id: z.number().int(),
  slug: z.string(),
  type: z.string(),
  title: z.string().nullable(),
  excerpt: z.string(),
  account: z.object({ username: z.string(), name: z.string(), profile_url: z.string().nullable() }),
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

export const SearchResults = z.object({
  accounts: z.array(AccountHit),
  posts: z.array(PostHit),
  users: z.array(PublicUser),
});
export type SearchResults = z.infer<typeof SearchResults>;

export const searchApi = {
  search: endpoint({
    method: 'GET',
    path: '/search',
    query: SearchQuery,
    response: dataOf(SearchResults),
    summary: 'Search accounts, posts and people: full-text plus trigram matching (Burmese and Thai too)',
    tags: ['Search'],
  }),
} as const;

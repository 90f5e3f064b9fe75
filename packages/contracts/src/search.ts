import { z } from 'zod';
import { dataOf } from './common';
import { endpoint } from './endpoint';

/** The public face of a person: what anyone signed in may see. */
export const PublicUser = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  profile_url: z.string().nullable(),
});
export type PublicUser = z.infer<typeof PublicUser>;

export const SEARCH_TYPES = ['accounts', 'posts', 'users'] as const;
export const SEARCH_MAX_RESULTS = 20;

export const SearchQuery = z.object({
  q: z.string().trim().min(1).max(100),
  type: z.enum(SEARCH_TYPES).optional(),
});

export const SearchResults = z.object({
  // Accounts and posts join the results when those features land.
  accounts: z.array(z.never()),
  posts: z.array(z.never()),
  users: z.array(PublicUser),
});
export type SearchResults = z.infer<typeof SearchResults>;

export const searchApi = {
  search: endpoint({
    method: 'GET',
    path: '/search',
    query: SearchQuery,
    response: dataOf(SearchResults),
    summary: 'Search people (and, as they arrive, accounts and posts) by name: full-text and trigram matching',
    tags: ['Search'],
  }),
} as const;

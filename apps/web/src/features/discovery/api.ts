import { discoveryApi, type ReadLanguage } from '@inkwell/contracts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { nextPageOf } from '../../api/paging';
import { POSTS_KEY } from '../posts/api';

/*
 * Discovery's door for other features: Explore's first section's query and the words' hooks. The rest of its
 * queries (packs, onboarding, suggestions) are in queries.ts, for its own parts: Explore's first screen does not
 * carry them.
 */

/** Trending posts show a few at a time: See more brings the next few below them. */
const SECTION_POSTS = 5;

export { nextPageOf };
/**
 * Trending posts of one language (or all), a few at a time. Under the posts' key: a like or a deletion anywhere
 * patches these pages too (posts/api.ts).
 */
export const useExploreTrendingPosts = (language: ReadLanguage | undefined) =>
  useInfiniteQuery(trendingPostsQuery(language));

export const trendingPostsQuery = (language: ReadLanguage | undefined) =>
  infiniteQueryOptions({
    queryKey: [...POSTS_KEY, 'trending', language ?? 'all'],
    queryFn: ({ pageParam, signal }) =>
      call(discoveryApi.posts, { query: { language, page: pageParam, per_page: SECTION_POSTS }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    // Another language's posts replace these once they are in: the section does not fold up meanwhile.
    placeholderData: keepPreviousData,
  });

export { loadDiscoveryMessages, useDiscoveryMessages, usePackMessages } from './messages';

import {
  TOP_CURSOR,
  searchApi,
  tagsApi,
  type CursorPaged,
  type Post,
  type PostLanguage,
  type PostType,
  type SearchSince,
  type SearchType,
  type Tag,
} from '@inkwell/contracts';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { call } from '../../api/client';
import { POSTS_KEY } from '../posts/api';

/*
 * Search's and tags' queries. Not in the `data` chunk every screen loads (vite.config.ts): only the search and tag
 * pages, the header's suggestions and the lazy parts of Explore, home and the profile use them.
 */

/** What narrows the posts found (kept in the search page's address). */
export interface PostFilters {
  language?: PostLanguage;
  post_type?: PostType;
  since?: SearchSince;
}

/**
 * One kind of result (or all of them), page by page: `meta.next_cursor` pages the kind asked (posts with `all`).
 * The filters narrow posts only, so a list of accounts, people or tags is not asked again when they change.
 */
export function useSearch(q: string, type: SearchType, filters: PostFilters) {
  const narrowed = type === 'all' || type === 'posts' ? filters : {};
  return useInfiniteQuery({
    queryKey: ['search', q, type, narrowed],
    queryFn: ({ pageParam, signal }) =>
      call(searchApi.search, { query: { q, type, ...narrowed, before: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
    enabled: q.length > 0,
  });
}

/** Search-as-you-type: accounts, people and tags whose names start with (or hold) what is typed. */
export const useSuggestions = (q: string) =>
  useQuery({
    queryKey: ['search', 'suggest', q],
    queryFn: ({ signal }) => call(searchApi.suggest, { query: { q }, signal }),
    enabled: q.length > 0,
    staleTime: 60_000,
    // The list stays while the next keystroke's arrives, rather than blinking away between letters.
    placeholderData: keepPreviousData,
  });

/** A tag's page: its posts as a feed's pages (so likes and deletions reach them), the tag itself beside each. */
export type TagPostsPage = CursorPaged<Post> & { tag: Tag };

/** Under the posts' key: a like or a deletion anywhere patches these pages too (posts/api.ts). */
export const tagKey = (tag: string) => [...POSTS_KEY, 'tag', tag] as const;
export const FOLLOWED_TAGS_KEY = ['tags', 'followed'] as const;

export const useTagPage = (tag: string) =>
  useInfiniteQuery({
    queryKey: tagKey(tag),
    queryFn: async ({ pageParam }): Promise<TagPostsPage> => {
      const page = await call(tagsApi.tag, { params: { tag }, query: { before: pageParam } });
      return { data: page.posts, meta: page.meta, tag: page.data };
    },
    initialPageParam: TOP_CURSOR,
    getNextPageParam: (last) => last.meta.next_cursor,
    retry: false,
  });

/** Follows a tag or stops: its page, my list of tags and my feed (its posts join it, or leave) follow. */
export function useFollowTag(tag: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) => call(follow ? tagsApi.follow : tagsApi.unfollow, { params: { tag } }),
    onSuccess: (res) => {
      client.setQueryData<InfiniteData<TagPostsPage>>(tagKey(res.data.tag), (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, tag: res.data })) } : data,
      );
      void client.invalidateQueries({ queryKey: FOLLOWED_TAGS_KEY });
      void client.invalidateQueries({ queryKey: [...POSTS_KEY, 'feed'] });
    },
  });
}

/** The tags of the most posts in the last day, in one language or all. */
export const useTrendingTags = (language: PostLanguage | undefined) =>
  useQuery({
    queryKey: ['tags', 'trending', language ?? 'all'],
    queryFn: () => call(tagsApi.trending, { query: { language } }),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });

export const useFollowedTags = (enabled = true) =>
  useQuery({ queryKey: FOLLOWED_TAGS_KEY, queryFn: () => call(tagsApi.followed), enabled });

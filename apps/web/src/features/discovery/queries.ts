import {
  discoveryApi,
  followsApi,
  type OnboardingBody,
  type Pack,
  type PackBody,
  type Paged,
  type SuggestedAccount,
  type SuggestionReason,
} from '@inkwell/contracts';
import { useInfiniteQuery, type InfiniteData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../api/client';
import { EXPLORE_KEY, accountKey } from '../accounts/api';
import { useFollow } from '../follows/api';
import { POSTS_KEY } from '../posts/api';

/* Discovery's queries but Explore's first section's (api.ts, the feature's door for queries). */

/* ---- Explore's sections and starter packs (issue 31) ---- */

import { nextPageOf } from './api';

/** Explore's sections show a few at a time: See more brings the next few below them. */
const SECTION_CARDS = 4;

export const EXPLORE_SECTIONS_KEY = ['discovery', 'explore'] as const;

/** One of Explore's account sections, a few cards at a time. */
const useAccountSection = (name: string, endpoint: 'newCreators' | 'featured' | 'accounts') =>
  useInfiniteQuery({
    queryKey: [...EXPLORE_SECTIONS_KEY, name],
    queryFn: ({ pageParam, signal }) =>
      call(discoveryApi[endpoint], { query: { page: pageParam, per_page: SECTION_CARDS }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

export const useExploreNewCreators = () => useAccountSection('new-creators', 'newCreators');
export const useExploreFeatured = () => useAccountSection('featured', 'featured');
export const useExploreSuggestions = () => useAccountSection('suggested', 'accounts');

export const PACKS_KEY = ['discovery', 'packs'] as const;
const packKey = (id: number) => [...PACKS_KEY, 'one', id] as const;

/** Starter packs, featured first then newest, or only mine: a few at a time. */
export const usePackList = (mine: boolean) =>
  useInfiniteQuery({
    queryKey: [...PACKS_KEY, 'list', mine ? 'mine' : 'all'],
    queryFn: ({ pageParam, signal }) =>
      call(discoveryApi.packs, {
        query: { page: pageParam, per_page: mine ? 20 : SECTION_CARDS, mine: mine ? 'true' : undefined },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

/** A starter pack with all its accounts (open to guests). */
export const usePackPage = (id: number) =>
  useQuery({
    queryKey: packKey(id),
    queryFn: ({ signal }) => call(discoveryApi.pack, { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });

function useSavePack(save: (body: PackBody) => Promise<{ data: Pack }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: () => void client.invalidateQueries({ queryKey: PACKS_KEY }),
  });
}

export const useCreatePackForm = () => useSavePack((body) => call(discoveryApi.createPack, { body }));
export const useUpdatePackForm = (id: number) =>
  useSavePack((body) => call(discoveryApi.updatePack, { params: { id }, body }));

export function useDeletePack() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(discoveryApi.removePack, { params: { id } }),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: packKey(id) });
      void client.invalidateQueries({ queryKey: PACKS_KEY });
    },
  });
}

/** Marks the pack's accounts followed; the feeds and Explore take the new follows. */
function useFollowed() {
  const client = useQueryClient();
  return (packId: number, followed: (accountId: number) => boolean | undefined) => {
    client.setQueryData<{ data: Pack }>(packKey(packId), (old) =>
      old
        ? {
            data: {
              ...old.data,
              accounts: old.data.accounts.map((a) => ({ ...a, is_followed: followed(a.id) ?? a.is_followed })),
            },
          }
        : old,
    );
    void client.invalidateQueries({ queryKey: [...POSTS_KEY, 'feed'] });
    void client.invalidateQueries({ queryKey: EXPLORE_KEY });
    void client.invalidateQueries({ queryKey: EXPLORE_SECTIONS_KEY });
  };
}

/** Follows every account of the pack at once (again changes nothing). */
export function useFollowPack(id: number) {
  const followed = useFollowed();
  return useMutation({
    mutationFn: () => call(discoveryApi.followAll, { params: { id } }),
    onSuccess: () => followed(id, () => true),
  });
}

/** Follows or stops following one account of a pack; the pack's page shows it at once. */
export function usePackAccountFollow(packId: number) {
  const followed = useFollowed();
  return useMutation({
    mutationFn: ({ id, follow }: { id: number; follow: boolean }) =>
      call(follow ? followsApi.follow : followsApi.unfollow, { params: { id } }),
    onSuccess: (_, { id, follow }) => followed(packId, (accountId) => (accountId === id ? follow : undefined)),
  });
}

/* ---- Onboarding, suggestions and "readers also follow" (issue 31) ---- */

export const ONBOARDING_KEY = ['discovery', 'onboarding'] as const;
export const SUGGESTIONS_KEY = ['discovery', 'suggestions'] as const;
export const ALSO_FOLLOWED_KEY = ['discovery', 'also-followed'] as const;

/** The reader's onboarding choices; languages come pre-ticked from the interface language until saved. */
export const useOnboarding = (enabled = true) =>
  useQuery({
    queryKey: ONBOARDING_KEY,
    queryFn: ({ signal }) => call(discoveryApi.onboarding, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });

/** Saves a step (or `done`): the answer replaces the cached choices so a reopened onboarding resumes from it. */
export function useSaveOnboarding() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OnboardingBody) => call(discoveryApi.saveOnboarding, { body }),
    onSuccess: (res) => {
      client.setQueryData(ONBOARDING_KEY, res);
      // New languages and topics change what is suggested.
      void client.invalidateQueries({ queryKey: SUGGESTIONS_KEY });
    },
  });
}

/** Accounts suggested to me, best first, page by page (optionally one reason only). */
export const useSuggestedAccounts = (
  { perPage = 10, reason }: { perPage?: number; reason?: SuggestionReason } = {},
  enabled = true,
) =>
  useInfiniteQuery({
    queryKey: [...SUGGESTIONS_KEY, reason ?? 'all', perPage],
    queryFn: ({ pageParam, signal }) =>
      call(discoveryApi.accounts, { query: { page: pageParam, per_page: perPage, reason }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled,
    staleTime: 60_000,
  });

/** Accounts this account's readers also follow, most shared readers first. */
export const useAlsoFollowed = (id: number, enabled = true) =>
  useQuery({
    queryKey: [...ALSO_FOLLOWED_KEY, id],
    queryFn: ({ signal }) => call(discoveryApi.alsoFollowed, { params: { id }, signal }),
    enabled: enabled && id > 0,
    staleTime: 5 * 60_000,
  });

/** Marks one account followed (or not) in every cached suggestion list and "readers also follow". */
function useMarkFollowed() {
  const client = useQueryClient();
  return (id: number, follow: boolean) => {
    const mark = <T extends { id: number; is_followed: boolean }>(a: T): T =>
      a.id === id ? { ...a, is_followed: follow } : a;
    const markPages = (old: InfiniteData<Paged<SuggestedAccount>> | undefined) =>
      old
        ? {
            ...old,
            pages: old.pages.map((page) => ({
              ...page,
              data: page.data.map((s) => ({ ...s, account: mark(s.account) })),
            })),
          }
        : old;
    client.setQueriesData<InfiniteData<Paged<SuggestedAccount>>>({ queryKey: SUGGESTIONS_KEY }, markPages);
    client.setQueriesData<InfiniteData<Paged<SuggestedAccount>>>({ queryKey: EXPLORE_SECTIONS_KEY }, markPages);
    client.setQueriesData<{ data: { id: number; is_followed: boolean }[] }>({ queryKey: ALSO_FOLLOWED_KEY }, (old) =>
      old ? { data: old.data.map(mark) } : old,
    );
  };
}

/**
 * Follows or stops following a suggested account: the follows feature's own mutation (so the account's page, the
 * feed, Explore and my follows take it as anywhere else), then every suggestion list showing the account.
 */
export function useFollowSuggested(username: string) {
  const follow = useFollow(accountKey(username));
  const mark = useMarkFollowed();
  return {
    isPending: follow.isPending,
    mutateAsync: async (vars: { id: number; follow: boolean }) => {
      const res = await follow.mutateAsync(vars);
      mark(vars.id, res.is_followed);
      return res;
    },
  };
}

/**
 * Follows each of the given accounts, one after another: the follows feature's mutation each time (no account
 * page is cached under this key to patch), every suggestion list marked as each is followed. Stops at the first
 * refusal (the follow limit) and says it; the ones before it stay followed.
 */
export function useFollowEach() {
  const follow = useFollow(['discovery', 'follow-each']);
  const mark = useMarkFollowed();
  const [pending, setPending] = useState(false);
  return {
    isPending: pending,
    mutateAsync: async (ids: number[]) => {
      setPending(true);
      try {
        for (const id of ids) {
          const res = await follow.mutateAsync({ id, follow: true });
          mark(id, res.is_followed);
        }
      } finally {
        setPending(false);
      }
    },
  };
}

/** Never suggest this account to me again: it leaves every cached suggestion list at once. */
export function useHideSuggestion() {
  const client = useQueryClient();
  const without = (id: number) => (old: InfiniteData<Paged<SuggestedAccount>> | undefined) =>
    old ? { ...old, pages: old.pages.map((p) => ({ ...p, data: p.data.filter((s) => s.account.id !== id) })) } : old;
  return useMutation({
    mutationFn: (id: number) => call(discoveryApi.hide, { params: { id } }),
    // Gone from every list of suggestions at once (onboarding's, the feed's and Explore's).
    onSuccess: (_, id) => {
      client.setQueriesData<InfiniteData<Paged<SuggestedAccount>>>({ queryKey: SUGGESTIONS_KEY }, without(id));
      client.setQueriesData<InfiniteData<Paged<SuggestedAccount>>>({ queryKey: EXPLORE_SECTIONS_KEY }, without(id));
    },
  });
}

/** The administrator's switches: feature an account or a pack, or stop. */
export function useFeatureAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, featured }: { id: number; featured: boolean }) =>
      call(discoveryApi.featureAccount, { params: { id }, body: { featured } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['discovery', 'featured'] });
      void client.invalidateQueries({ queryKey: EXPLORE_SECTIONS_KEY });
      void client.invalidateQueries({ queryKey: SUGGESTIONS_KEY });
    },
  });
}

export function useFeaturePack() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, featured }: { id: number; featured: boolean }) =>
      call(discoveryApi.featurePack, { params: { id }, body: { featured } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: PACKS_KEY }),
  });
}

/** Discovery's words, for the screens of other features that draw its parts (Explore, the admin's packs). */

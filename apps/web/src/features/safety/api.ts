import { safetyApi, type Account, type MutedWordsBody, type Person, type Post } from '@inkwell/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { EXPLORE_KEY } from '../accounts/api';
import { CHATS_KEY } from '../chats/api';
import { FRIENDS_KEY } from '../friends/api';
import { NOTIFICATIONS_KEY } from '../notifications/api';
import { POSTS_KEY } from '../posts/api';
import { personKey } from '../users/api';

export const SAFETY_KEY = ['safety'] as const;
const BLOCKS_KEY = [...SAFETY_KEY, 'blocks'] as const;
const MUTES_KEY = [...SAFETY_KEY, 'mutes'] as const;
const MUTED_WORDS_KEY = [...SAFETY_KEY, 'muted-words'] as const;

/** Who a block is aimed at: a person, or the unnamed people who run an account. */
export interface BlockTarget {
  kind: 'user' | 'account';
  id: number;
  name: string;
}

/** A block ends follows and friendships and takes each one's posts, comments and chats out of the other's lists. */
const BLOCK_REACHES = [POSTS_KEY, ['post'], ['comments'], CHATS_KEY, FRIENDS_KEY, EXPLORE_KEY, NOTIFICATIONS_KEY];
/** A mute changes my feeds and search only. */
const MUTE_REACHES = [POSTS_KEY, ['post'], ['search']];

type Cached<T> = { data: T } | undefined;

/** The pages that show the person or account say so at once, before their fresh copies arrive. */
function markAccount(client: QueryClient, accountId: number, patch: Partial<Account>) {
  client.setQueriesData<Cached<Account>>({ queryKey: ['account'] }, (cached) =>
    cached && cached.data.id === accountId ? { ...cached, data: { ...cached.data, ...patch } } : cached,
  );
}

/** Blocks or unblocks, then has every list the block changes fetched again. */
export async function setBlocked(client: QueryClient, target: BlockTarget, on: boolean) {
  const input = { params: { id: target.id } };
  const result =
    target.kind === 'user'
      ? await call(on ? safetyApi.block : safetyApi.unblock, input)
      : await call(on ? safetyApi.blockAccount : safetyApi.unblockAccount, input);
  if (target.kind === 'user') {
    client.setQueryData<Cached<Person>>(personKey(target.id), (cached) =>
      cached ? { ...cached, data: { ...cached.data, is_blocked: result.is_blocked } } : cached,
    );
  } else {
    markAccount(client, target.id, { is_blocked: result.is_blocked });
  }
  for (const queryKey of [...BLOCK_REACHES, ['person'], ['account'], BLOCKS_KEY])
    void client.invalidateQueries({ queryKey });
  return result;
}

/** Mutes or unmutes an account; its posts leave (or come back to) my feeds. */
export async function setMuted(client: QueryClient, accountId: number, on: boolean) {
  const input = { params: { id: accountId } };
  const result = await call(on ? safetyApi.mute : safetyApi.unmute, input);
  markAccount(client, accountId, { is_muted: result.is_muted });
  client.setQueriesData<Cached<Post>>({ queryKey: ['post'] }, (cached) =>
    cached?.data.account_id === accountId ? { ...cached, data: { ...cached.data, is_muted: result.is_muted } } : cached,
  );
  for (const queryKey of [...MUTE_REACHES, ['account'], MUTES_KEY]) void client.invalidateQueries({ queryKey });
  return result;
}

export function useSetBlocked() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ target, on }: { target: BlockTarget; on: boolean }) => setBlocked(client, target, on),
  });
}

export function useSetMuted() {
  const client = useQueryClient();
  return useMutation({ mutationFn: ({ id, on }: { id: number; on: boolean }) => setMuted(client, id, on) });
}

export const useBlocks = (page: number) =>
  useQuery({
    queryKey: [...BLOCKS_KEY, page],
    queryFn: () => call(safetyApi.blocks, { query: { page } }),
    placeholderData: keepPreviousData,
  });

export const useMutes = (page: number) =>
  useQuery({
    queryKey: [...MUTES_KEY, page],
    queryFn: () => call(safetyApi.mutes, { query: { page } }),
    placeholderData: keepPreviousData,
  });

export const useMutedWords = () => useQuery({ queryKey: MUTED_WORDS_KEY, queryFn: () => call(safetyApi.mutedWords) });

/** Saves the whole list; the server answers it as kept (blanks and repeats dropped), and feeds change with it. */
export function useSaveMutedWords() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MutedWordsBody) => call(safetyApi.setMutedWords, { body }),
    onSuccess: (answer) => {
      client.setQueryData(MUTED_WORDS_KEY, answer);
      for (const queryKey of MUTE_REACHES) void client.invalidateQueries({ queryKey });
    },
  });
}

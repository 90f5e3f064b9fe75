import { followsApi } from '@inkwell/contracts';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { call } from '../../api/client';
import { ME_KEY } from '../../app/useSessionRefresh';
import { EXPLORE_KEY } from '../accounts/api';
import { POSTS_KEY } from '../posts/api';

/** Rings or silences the bell of an account I follow; the account's cached copy takes the answer. */
export function useBell(accountKey: QueryKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, on }: { id: number; on: boolean }) =>
      call(on ? followsApi.ringBell : followsApi.silenceBell, { params: { id } }),
    onSuccess: (res) =>
      client.setQueryData<{ data: Record<string, unknown> }>(accountKey, (data) =>
        data ? { data: { ...data.data, ...res } } : data,
      ),
  });
}

export function useFollow(accountKey: QueryKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, follow }: { id: number; follow: boolean }) =>
      call(follow ? followsApi.follow : followsApi.unfollow, { params: { id } }),
    onSuccess: (res) => {
      client.setQueryData<{ data: Record<string, unknown> }>(accountKey, (data) =>
        data ? { data: { ...data.data, ...res } } : data,
      );
      void client.invalidateQueries({ queryKey: [...POSTS_KEY, 'feed'] });
      void client.invalidateQueries({ queryKey: EXPLORE_KEY });
      void client.invalidateQueries({ queryKey: ME_KEY });
    },
  });
}

import { pinsApi, type Post } from '@inkwell/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, errorMessage, fieldErrors } from '../../api/client';
import { POSTS_KEY } from './queries';

/*
 * An account's pinned posts (up to three, in the order its people set): read at the top of its page, set from a
 * post's menu. Not under POSTS_KEY: those caches are pages of posts, this one a plain list.
 */

export const PINS_KEY = ['pins'] as const;
export const pinsKey = (accountId: number) => [...PINS_KEY, accountId] as const;

/** The account's pinned posts, as the viewer may see them (none: an empty list). */
export const pinsQuery = (accountId: number) =>
  queryOptions({
    queryKey: pinsKey(accountId),
    queryFn: () => call(pinsApi.ofAccount, { params: { id: accountId } }),
  });

/** Sets the account's pins to these posts in this order (the whole list: empty unpins all). */
export function useSetPins(accountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (postIds: number[]) => call(pinsApi.set, { params: { id: accountId }, body: { post_ids: postIds } }),
    onSuccess: (res) => {
      client.setQueryData(pinsKey(accountId), res);
      // The posts' own `pin_position` changed in every list that holds them.
      void client.invalidateQueries({ queryKey: PINS_KEY });
      void client.invalidateQueries({ queryKey: POSTS_KEY });
    },
  });
}

/** The ids of the pins after moving `post` by `by` places (-1 up, 1 down), or unpinning (`null`) or pinning it. */
export function reorderedPins(pins: Post[], post: Post, by: -1 | 1 | null | 'pin'): number[] {
  const ids = pins.map((p) => p.id).filter((id) => id !== post.id);
  if (by === null) return ids;
  if (by === 'pin') return [...ids, post.id];
  const at = pins.findIndex((p) => p.id === post.id) + by;
  return [...ids.slice(0, at), post.id, ...ids.slice(at)];
}

/**
 * What a refusal says in one line: the field's reason when there is one (a fourth pin: "at most 3"), which a
 * request refused by its schema carries only there, else the answer's message.
 */
export const pinRefusal = (error: unknown): string => Object.values(fieldErrors(error))[0] || errorMessage(error);

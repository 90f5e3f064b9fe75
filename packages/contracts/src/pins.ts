import { z } from 'zod';
import { Id, IdParams, dataOf } from './common';
import { endpoint } from './endpoint';
import { MAX_PINS, Post } from './posts';

/**
 * Pinned posts (issue 33): up to {@link MAX_PINS} published posts at the top of an account's page, in the order its
 * people set. Setting them sends the whole list, in order: it replaces the pins there were (empty unpins all).
 */
export const SetPinsBody = z.object({
  post_ids: z
    .array(Id)
    .max(MAX_PINS, { error: 'pins.too_many' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'pins.duplicate' }),
});
export type SetPinsBody = z.input<typeof SetPinsBody>;

const tags = ['Posts, comments, likes, feeds'] as const;

export const pinsApi = {
  ofAccount: endpoint({
    method: 'GET',
    path: '/accounts/:id/pins',
    params: IdParams,
    response: dataOf(z.array(Post)),
    summary: 'An account’s pinned posts, in their order (those the viewer may see)',
    tags,
  }),
  set: endpoint({
    method: 'PUT',
    path: '/accounts/:id/pins',
    params: IdParams,
    body: SetPinsBody,
    response: dataOf(z.array(Post)),
    summary: 'Pin these published posts of the account, in this order (its people; empty unpins all)',
    tags,
  }),
} as const;

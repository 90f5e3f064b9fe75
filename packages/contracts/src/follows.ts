import { z } from 'zod';
import { IdParams } from './common';
import { endpoint } from './endpoint';

export const FollowResult = z.object({ is_followed: z.boolean(), followers_count: z.number().int() });
export type FollowResult = z.infer<typeof FollowResult>;

const tags = ['Posts, comments, likes, feeds'] as const;

export const followsApi = {
  follow: endpoint({
    method: 'POST',
    path: '/accounts/:id/follow',
    params: IdParams,
    response: FollowResult,
    summary: 'Follow an account',
    tags,
  }),
  unfollow: endpoint({
    method: 'DELETE',
    path: '/accounts/:id/follow',
    params: IdParams,
    response: FollowResult,
    summary: 'Stop following an account',
    tags,
  }),
} as const;

import { z } from 'zod';
import { IdParams } from './common';
import { endpoint } from './endpoint';

export const FollowResult = z.object({
  is_followed: z.boolean(),
  followers_count: z.number().int(),
  /** I rang the account's bell: each new post of it notifies me (off by default, off again on unfollowing). */
  bell: z.boolean(),
});
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
  ringBell: endpoint({
    method: 'POST',
    path: '/accounts/:id/bell',
    params: IdParams,
    response: FollowResult,
    summary: 'Be notified of each new post of an account I follow',
    tags,
  }),
  silenceBell: endpoint({
    method: 'DELETE',
    path: '/accounts/:id/bell',
    params: IdParams,
    response: FollowResult,
    summary: 'Stop being notified of each new post of an account',
    tags,
  }),
} as const;

import { z } from 'zod';
import { Id } from './common';
import { endpoint } from './endpoint';

export const LikeBody = z.object({
  likeable_type: z.enum(['post', 'comment']),
  likeable_id: Id,
});
export const LikeResult = z.object({ liked: z.boolean(), likes_count: z.number().int() });
export type LikeResult = z.infer<typeof LikeResult>;

const tags = ['Posts, comments, likes, feeds'] as const;

export const likesApi = {
  toggle: endpoint({
    method: 'POST',
    path: '/likes',
    body: LikeBody,
    response: LikeResult,
    summary: 'Like or unlike a post or comment (a toggle)',
    tags,
  }),
} as const;

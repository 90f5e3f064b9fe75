import { z } from 'zod';
import { Id, IdParams, Timestamp, dataOf } from './common';
import { COMMENT_MAX_DEPTH } from './constants';
import { endpoint } from './endpoint';
import { Mention } from './text';

export const COMMENT_MAX_LENGTH = 2000;

export const Comment: z.ZodType<CommentT> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    post_id: z.number().int(),
    content: z.string(),
    /** Its @mentions that name someone, with where each links. */
    mentions: z.array(Mention),
    parent_comment_id: z.number().int().nullable(),
    depth: z.number().int().min(1).max(COMMENT_MAX_DEPTH),
    commentable_id: z.number().int(),
    commentable_type: z.enum(['user', 'account']),
    name: z.string(),
    username: z.string(),
    profile_url: z.string().nullable(),
    liked: z.boolean(),
    likes_count: z.number().int(),
    can_delete: z.boolean(),
    created_at: Timestamp,
    replies: z.array(Comment),
  }),
);
export interface CommentT {
  id: number;
  post_id: number;
  content: string;
  mentions: Mention[];
  parent_comment_id: number | null;
  depth: number;
  commentable_id: number;
  commentable_type: 'user' | 'account';
  name: string;
  username: string;
  profile_url: string | null;
  liked: boolean;
  likes_count: number;
  can_delete: boolean;
  created_at: string;
  replies: CommentT[];
}

export const CreateCommentBody = z.object({
  post_id: Id,
  content: z.string().trim().min(1).max(COMMENT_MAX_LENGTH),
  parent_comment_id: Id.nullable().optional(),
  account_id: Id.nullable().optional(),
});
export type CreateCommentBody = z.input<typeof CreateCommentBody>;

const tags = ['Posts, comments, likes, feeds'] as const;

export const commentsApi = {
  ofPost: endpoint({
    method: 'GET',
    path: '/posts/:id/comments',
    params: IdParams,
    response: dataOf(z.array(Comment)),
    summary: 'Comments with their replies, three levels deep',
    tags,
  }),
  create: endpoint({
    method: 'POST',
    path: '/comments',
    body: CreateCommentBody,
    response: dataOf(Comment),
    status: 201,
    summary: 'Comment or reply, as myself or as one of my approved accounts',
    tags,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/comments/:id',
    params: IdParams,
    response: null,
    status: 204,
    summary: 'Delete a comment (its author, the post’s account, or an administrator)',
    tags,
  }),
} as const;

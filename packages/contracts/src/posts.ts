import { z } from 'zod';
import { Account } from './creators';
import { IdParams, PageQuery, Timestamp, dataOf, paged } from './common';
import { COMMENT_MAX_DEPTH, STATUS_MAX_LENGTH } from './constants';
import { endpoint } from './endpoint';
import { MediaUrl } from './fields';

export const POST_TYPES = ['status', 'post', 'photo', 'gallery', 'audio', 'video'] as const;
export type PostType = (typeof POST_TYPES)[number];

/** The account page's six tabs (spec §9), each showing one post type. */
export const ACCOUNT_TABS: { tab: string; type: PostType }[] = [
  { tab: 'notes', type: 'status' },
  { tab: 'article', type: 'post' },
  { tab: 'photo', type: 'photo' },
  { tab: 'gallery', type: 'gallery' },
  { tab: 'video', type: 'video' },
  { tab: 'audio', type: 'audio' },
];

export const TITLE_MAX_LENGTH = 200;
export const ARTICLE_MAX_LENGTH = 100_000;
export const GALLERY_MAX_PHOTOS = 30;
export const COMMENT_MAX_LENGTH = 2000;

export const PostAccount = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  profile_url: z.string().nullable(),
});

export const GalleryPhoto = z.object({ url: MediaUrl, caption: z.string().trim().max(STATUS_MAX_LENGTH).default('') });

export const Post = z.object({
  id: z.number().int(),
  slug: z.string(),
  type: z.enum(POST_TYPES),
  title: z.string().nullable(),
  content: z.string().nullable(),
  url: z.string().nullable(),
  featured_photo_url: z.string().nullable(),
  photos: z.array(z.object({ url: z.string(), caption: z.string() })),
  account_id: z.number().int(),
  account: PostAccount,
  likes_count: z.number().int(),
  comments_count: z.number().int(),
  liked: z.boolean(),
  can_modify: z.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Post = z.infer<typeof Post>;

const Title = z.string().trim().max(TITLE_MAX_LENGTH);

/** Every field a post may carry; which are required depends on its type (checked on the server). */
const postFields = {
  title: Title.nullable().optional(),
  content: z.string().max(ARTICLE_MAX_LENGTH).nullable().optional(),
  url: MediaUrl.nullable().optional(),
  featured_photo_url: MediaUrl.nullable().optional(),
  photos: z.array(GalleryPhoto).max(GALLERY_MAX_PHOTOS).optional(),
};

export const CreatePostBody = z.object({
  account_id: z.coerce.number().int().positive(),
  type: z.enum(POST_TYPES),
  ...postFields,
});
export type CreatePostBody = z.input<typeof CreatePostBody>;

export const UpdatePostBody = z.object(postFields);
export type UpdatePostBody = z.input<typeof UpdatePostBody>;

export const Comment: z.ZodType<CommentT> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    post_id: z.number().int(),
    content: z.string(),
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
  post_id: z.coerce.number().int().positive(),
  content: z.string().trim().min(1).max(COMMENT_MAX_LENGTH),
  parent_comment_id: z.coerce.number().int().positive().nullable().optional(),
  account_id: z.coerce.number().int().positive().nullable().optional(),
});
export type CreateCommentBody = z.input<typeof CreateCommentBody>;

export const LikeBody = z.object({
  likeable_type: z.enum(['post', 'comment']),
  likeable_id: z.coerce.number().int().positive(),
});
export const LikeResult = z.object({ liked: z.boolean(), likes_count: z.number().int() });
export type LikeResult = z.infer<typeof LikeResult>;

export const FollowResult = z.object({ is_followed: z.boolean(), followers_count: z.number().int() });
export type FollowResult = z.infer<typeof FollowResult>;

export const AccountPostsQuery = PageQuery.extend({ type: z.enum(POST_TYPES).optional() });

const tags = ['Posts, comments, likes, feeds'] as const;

export const postsApi = {
  create: endpoint({
    method: 'POST',
    path: '/posts',
    body: CreatePostBody,
    response: dataOf(Post),
    status: 201,
    summary: 'Publish a post as one of my approved accounts',
    tags,
  }),
  bySlug: endpoint({
    method: 'GET',
    path: '/posts/slug/:slug',
    params: z.object({ slug: z.string().max(200) }),
    response: dataOf(Post),
    summary: 'One post',
    tags,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/posts/:id',
    params: IdParams,
    body: UpdatePostBody,
    response: dataOf(Post),
    summary: 'Edit a post (its account’s people, or an administrator)',
    tags,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/posts/:id',
    params: IdParams,
    response: null,
    status: 204,
    summary: 'Delete a post',
    tags,
  }),
  feed: endpoint({
    method: 'GET',
    path: '/feed',
    query: PageQuery,
    response: paged(Post),
    summary: 'Posts of the accounts I follow, newest first',
    tags,
  }),
  publicFeed: endpoint({
    method: 'GET',
    path: '/feed/public',
    query: PageQuery,
    response: paged(Post),
    summary: 'Every published post, newest first',
    tags,
  }),
  mine: endpoint({
    method: 'GET',
    path: '/user/posts',
    query: PageQuery,
    response: paged(Post),
    summary: 'Posts of my accounts',
    tags,
  }),
  ofAccount: endpoint({
    method: 'GET',
    path: '/accounts/:id/posts',
    params: IdParams,
    query: AccountPostsQuery,
    response: paged(Post),
    summary: 'An account’s posts, of one type if asked',
    tags,
  }),
  comments: endpoint({
    method: 'GET',
    path: '/posts/:id/comments',
    params: IdParams,
    response: dataOf(z.array(Comment)),
    summary: 'Comments with their replies, three levels deep',
    tags,
  }),
  comment: endpoint({
    method: 'POST',
    path: '/comments',
    body: CreateCommentBody,
    response: dataOf(Comment),
    status: 201,
    summary: 'Comment or reply, as myself or as one of my approved accounts',
    tags,
  }),
  deleteComment: endpoint({
    method: 'DELETE',
    path: '/comments/:id',
    params: IdParams,
    response: null,
    status: 204,
    summary: 'Delete a comment (its author, the post’s account, or an administrator)',
    tags,
  }),
  like: endpoint({
    method: 'POST',
    path: '/likes',
    body: LikeBody,
    response: LikeResult,
    summary: 'Like or unlike a post or comment (a toggle)',
    tags,
  }),
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
  explore: endpoint({
    method: 'GET',
    path: '/explore/accounts',
    query: PageQuery,
    response: paged(Account),
    summary: 'Account cards to discover, most followed first',
    tags,
  }),
} as const;

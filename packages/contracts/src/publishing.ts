import { z } from 'zod';
import { Id, IdParams, PageQuery, Timestamp, dataOf, paged } from './common';
import { endpoint } from './endpoint';
import { Post, PostPhoto, PublishAt } from './posts';

/*
 * Drafts, schedules, preview links and edit history (beside `postsApi`, in a file of their own: only the screens
 * that use them load them).
 */

/** Publish a draft or a scheduled post now (no `publish_at`), or schedule it (again) for `publish_at`. */
export const PublishPostBody = z.object({ publish_at: PublishAt.nullable().optional() });
export type PublishPostBody = z.input<typeof PublishPostBody>;

/** My drafts and scheduled posts, of one of my accounts if asked, last changed first. */
export const DraftsQuery = PageQuery.extend({ account_id: z.coerce.number().int().positive().optional() });

/** A signed, read-only link to a draft or scheduled post, for someone to look at before it is public. */
export const PreviewLink = z.object({ url: z.string(), expires_at: Timestamp });
export type PreviewLink = z.infer<typeof PreviewLink>;

/** How long a preview link opens its post. */
export const PREVIEW_LINK_DAYS = 7;

/** A post as it was before an edit: its text and media, when it was written and when an edit replaced it. */
export const PostVersion = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  content: z.string().nullable(),
  url: z.string().nullable(),
  featured_photo_url: z.string().nullable(),
  featured_photo_alt: z.string().nullable(),
  photos: z.array(PostPhoto),
  written_at: Timestamp,
  replaced_at: Timestamp,
});
export type PostVersion = z.infer<typeof PostVersion>;

const tags = ['Posts, comments, likes, feeds'] as const;

export const publishingApi = {
  drafts: endpoint({
    method: 'GET',
    path: '/user/drafts',
    query: DraftsQuery,
    response: paged(Post),
    summary: 'My drafts and scheduled posts, last changed first',
    tags,
  }),
  publish: endpoint({
    method: 'POST',
    path: '/posts/:id/publish',
    params: IdParams,
    body: PublishPostBody,
    response: dataOf(Post),
    summary: 'Publish a draft or scheduled post now, or (re)schedule it',
    tags,
  }),
  unschedule: endpoint({
    method: 'POST',
    path: '/posts/:id/unschedule',
    params: IdParams,
    response: dataOf(Post),
    summary: 'A scheduled post back to a draft',
    tags,
  }),
  previewLink: endpoint({
    method: 'POST',
    path: '/posts/:id/preview-link',
    params: IdParams,
    response: dataOf(PreviewLink),
    summary: 'A signed, expiring, read-only link to a draft or scheduled post',
    tags,
  }),
  preview: endpoint({
    method: 'GET',
    path: '/posts/preview/:token',
    params: z.object({ token: z.string().min(1).max(300) }),
    response: dataOf(Post),
    summary: 'The post a preview link opens (read-only; 404 once expired or changed)',
    tags,
  }),
  versions: endpoint({
    method: 'GET',
    path: '/posts/:id/versions',
    params: IdParams,
    response: dataOf(z.array(PostVersion)),
    summary: 'A post’s earlier versions, newest first (for whoever may read the post)',
    tags,
  }),
  removeVersion: endpoint({
    method: 'DELETE',
    path: '/posts/:id/versions/:versionId',
    params: z.object({ id: Id, versionId: Id }),
    response: null,
    status: 204,
    summary: 'Delete an earlier version that showed what it should not (the post’s account’s people)',
    tags,
  }),
  /** Outside production, from this machine only: the scheduler run as of `at` (journeys with a controlled clock). */
  devPublishDue: endpoint({
    method: 'POST',
    path: '/dev/publish-due',
    query: z.object({ at: PublishAt.optional() }),
    response: dataOf(z.object({ published: z.number().int() })),
    summary: 'Publish the scheduled posts due at a moment (outside production only)',
    tags: ['Development'],
  }),
} as const;

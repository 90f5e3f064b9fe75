import { z } from 'zod';
import { CursorPageQuery, Id, IdParams, Timestamp, cursorPaged, dataOf } from './common';
import { STATUS_MAX_LENGTH } from './constants';
import { endpoint } from './endpoint';
import { MediaUrl } from './fields';
import { Mention, POST_LANGUAGES } from './text';

export const POST_TYPES = ['status', 'post', 'photo', 'gallery', 'audio', 'video'] as const;
export type PostType = (typeof POST_TYPES)[number];

/**
 * The account page's tabs: every post first (newest first, so a creator's latest post of any type is what the
 * page opens on), then spec §9's six, each showing one post type (no type = all of them).
 */
export const ACCOUNT_TABS: { tab: string; type: PostType | undefined }[] = [
  { tab: 'all', type: undefined },
  { tab: 'notes', type: 'status' },
  { tab: 'article', type: 'post' },
  { tab: 'photo', type: 'photo' },
  { tab: 'gallery', type: 'gallery' },
  { tab: 'video', type: 'video' },
  { tab: 'audio', type: 'audio' },
];

/**
 * A post is a draft, scheduled (publishes itself at `publish_at`), published, or rejected by an administrator
 * (unpublished with a reason, until restored). Drafts and scheduled posts are seen by their account's people alone.
 */
export const POST_STATUSES = ['draft', 'scheduled', 'published', 'rejected'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
/** What the admin area lists and filters on: drafts and scheduled posts are their writers' own, not moderated. */
export const MODERATED_STATUSES = ['published', 'rejected'] as const;
export type ModeratedStatus = (typeof MODERATED_STATUSES)[number];
/** How many posts an account may pin to the top of its page. */
export const MAX_PINS = 3;

export const TITLE_MAX_LENGTH = 200;
export const ARTICLE_MAX_LENGTH = 100_000;
export const GALLERY_MAX_PHOTOS = 30;

export const PostAccount = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  profile_url: z.string().nullable(),
});

/** Mastodon's bound for an image's description: room for a chart or a screenshot of text. */
export const IMAGE_ALT_MAX_LENGTH = 1500;

/** What an image shows, for who cannot see it: its `alt` wherever it is shown (empty: none written). */
export const ImageAlt = z.string().trim().max(IMAGE_ALT_MAX_LENGTH);

/** A gallery photo as answers carry it: its caption and its description (empty: none written). */
export const PostPhoto = z.object({ url: z.string(), caption: z.string(), alt: z.string() });

export const GalleryPhoto = z.object({
  url: MediaUrl,
  caption: z.string().trim().max(STATUS_MAX_LENGTH).default(''),
  alt: ImageAlt.default(''),
});

/** The public feed, in one language if asked (a post's language is found from its script). */
export const PublicFeedQuery = CursorPageQuery.extend({ language: z.enum(POST_LANGUAGES).optional() });
export type PublicFeedQuery = z.input<typeof PublicFeedQuery>;

export const Post = z.object({
  id: z.number().int(),
  slug: z.string(),
  type: z.enum(POST_TYPES),
  title: z.string().nullable(),
  content: z.string().nullable(),
  url: z.string().nullable(),
  featured_photo_url: z.string().nullable(),
  /**
   * The description of its one image (a photo's or an article's `url`, an audio or video post's
   * `featured_photo_url`); null when none was written, and when locked.
   */
  featured_photo_alt: z.string().nullable(),
  photos: z.array(PostPhoto),
  /**
   * A video's HLS master playlist beside its progressive `url`, and its seek-bar thumbnails (WebVTT); an audio
   * post's low-data copy (Opus, 32 kbps) beside `url`. Null for other posts, for media uploaded before adaptive
   * streaming (play `url`), and wherever `url` is (locked). A members-only post's are signed like its `url`, and so
   * is every address inside the playlists and thumbnails they lead to.
   */
  hls_url: z.string().nullable(),
  thumbnails_url: z.string().nullable(),
  low_data_url: z.string().nullable(),
  account_id: z.number().int(),
  account: PostAccount,
  likes_count: z.number().int(),
  comments_count: z.number().int(),
  liked: z.boolean(),
  /** I blocked its writer or its account's owners: shown only by link. */
  is_blocked: z.boolean(),
  /** I muted its account: shown only by link. */
  is_muted: z.boolean(),
  /** Members-only: the least tier that reads it (null: public). */
  min_tier: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /**
   * Members-only and not for me: `content` is only its teaser, and no body, photo, audio or video URL is sent
   * (`url`, `featured_photo_url` and `photos` are empty).
   */
  locked: z.boolean(),
  /** `members` when it names a tier (whoever reads it), else `public`. */
  visibility: z.enum(['public', 'members']),
  /**
   * Locked for me: a small, blurred copy of its cover (its featured photo or first photo) to stand where the
   * cover would; null when it has none, or for the few seconds after publishing while it is made.
   */
  blurred_cover_url: z.string().nullable(),
  /** From its script: my, th, en or other (the web's `lang` on its text). */
  language: z.enum(POST_LANGUAGES),
  /** Its #tags, normalised, in the order written. */
  tags: z.array(z.string()),
  /** Its @mentions that name someone, with where each links. */
  mentions: z.array(Mention),
  can_modify: z.boolean(),
  can_delete: z.boolean(),
  /**
   * `rejected` only reaches the post's people and administrators: nobody else can see a rejected post; `draft` and
   * `scheduled` only its account's people.
   */
  status: z.enum(POST_STATUSES),
  /** A scheduled post's time to publish itself; null otherwise. */
  publish_at: Timestamp.nullable(),
  /** When it was last edited after publishing (its earlier versions: `/posts/{id}/versions`); null: never. */
  edited_at: Timestamp.nullable(),
  /** Its place among its account's pinned posts (1 to 3); null: not pinned. */
  pin_position: z.number().int().nullable(),
  rejected_reason: z.string().nullable(),
  rejected_at: Timestamp.nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Post = z.infer<typeof Post>;

/** A post's title, as composing (and importing) takes it. */
export const PostTitle = z.string().trim().max(TITLE_MAX_LENGTH);
const Title = PostTitle;
/** An article's HTML as sent (sanitised on the server). */
export const ArticleContent = z.string().max(ARTICLE_MAX_LENGTH);

/** Every field a post may carry; which are required depends on its type (checked on the server). */
const postFields = {
  title: Title.nullable().optional(),
  content: ArticleContent.nullable().optional(),
  url: MediaUrl.nullable().optional(),
  featured_photo_url: MediaUrl.nullable().optional(),
  featured_photo_alt: ImageAlt.nullable().optional(),
  photos: z.array(GalleryPhoto).max(GALLERY_MAX_PHOTOS).optional(),
  /** Members-only from this tier of the post's account up (null: public). */
  min_tier_id: Id.nullable().optional(),
};

/** How far ahead a post may be scheduled. */
export const SCHEDULE_MAX_DAYS = 366;

/** A moment to publish at, with its offset (the web sends the account's local time converted to UTC). */
export const PublishAt = z.iso.datetime({ offset: true });

/** What saving a post does: keep it as a draft, schedule it (`publish_at` required), or publish it now. */
export const SAVE_STATUSES = ['draft', 'scheduled', 'published'] as const;

export const CreatePostBody = z.object({
  account_id: Id,
  type: z.enum(POST_TYPES),
  ...postFields,
  /** A draft may be incomplete: what a type needs is asked when it is published or scheduled. */
  status: z.enum(SAVE_STATUSES).default('published'),
  publish_at: PublishAt.optional(),
});
export type CreatePostBody = z.input<typeof CreatePostBody>;

export const UpdatePostBody = z.object(postFields);
export type UpdatePostBody = z.input<typeof UpdatePostBody>;

export const AccountPostsQuery = CursorPageQuery.extend({ type: z.enum(POST_TYPES).optional() });

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
    query: CursorPageQuery,
    response: cursorPaged(Post),
    summary: 'Posts of the accounts I follow, newest first',
    tags,
  }),
  publicFeed: endpoint({
    method: 'GET',
    path: '/feed/public',
    query: PublicFeedQuery,
    response: cursorPaged(Post),
    summary: 'Every published post, newest first (in one language with `language`)',
    tags,
  }),
  mine: endpoint({
    method: 'GET',
    path: '/user/posts',
    query: CursorPageQuery,
    response: cursorPaged(Post),
    summary: 'Posts of my accounts',
    tags,
  }),
  /**
   * A members-only post's photo, audio or video, by the short-lived signed address its readers get in `url`,
   * `featured_photo_url` and `photos` (the key's `/` written as `~`). Answers 403 once expired or altered.
   */
  lockedMedia: endpoint({
    method: 'GET',
    path: '/media/locked/:key',
    params: z.object({ key: z.string().min(1).max(300) }),
    query: z.object({
      expires: z.coerce.number().int().min(0).max(4_102_444_800),
      signature: z.string().min(1).max(100),
    }),
    response: null,
    summary: "A members-only post's file, by its signed address",
    tags,
  }),
  ofAccount: endpoint({
    method: 'GET',
    path: '/accounts/:id/posts',
    params: IdParams,
    query: AccountPostsQuery,
    response: cursorPaged(Post),
    summary: 'An account’s posts, of one type if asked',
    tags,
  }),
} as const;

/* ---------------------------------------------------------------------------------------------------------
 * Administration: the post table, moderation (reject and restore) and the import of posts from a JSON file.
 * ------------------------------------------------------------------------------------------------------- */

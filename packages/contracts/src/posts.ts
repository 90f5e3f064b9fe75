import { z } from 'zod';
import { AccountStanding } from './accounts';
import { CursorPageQuery, Id, IdParams, PageQuery, Timestamp, cursorPaged, dataOf, paged } from './common';
import { STATUS_MAX_LENGTH } from './constants';
import { endpoint } from './endpoint';
import { MediaUrl } from './fields';

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

/** A post is published, or rejected by an administrator (unpublished with a reason, until restored). */
export const POST_STATUSES = ['published', 'rejected'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export const TITLE_MAX_LENGTH = 200;
export const ARTICLE_MAX_LENGTH = 100_000;
export const GALLERY_MAX_PHOTOS = 30;

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
  can_modify: z.boolean(),
  can_delete: z.boolean(),
  /** `rejected` only reaches the post's people and administrators: nobody else can see a rejected post. */
  status: z.enum(POST_STATUSES),
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
  photos: z.array(GalleryPhoto).max(GALLERY_MAX_PHOTOS).optional(),
  /** Members-only from this tier of the post's account up (null: public). */
  min_tier_id: Id.nullable().optional(),
};

export const CreatePostBody = z.object({
  account_id: Id,
  type: z.enum(POST_TYPES),
  ...postFields,
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
    query: CursorPageQuery,
    response: cursorPaged(Post),
    summary: 'Every published post, newest first',
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

/** How long the admin table's plain-text excerpt of a post may be. */
export const ADMIN_EXCERPT_LENGTH = 200;
export const REJECT_REASON_MIN_LENGTH = 3;
export const REJECT_REASON_MAX_LENGTH = 500;

/** A row of the admin post table (spec §2: id, type, content, account, likes, comments, created date). */
export const AdminPost = z.object({
  id: z.number().int(),
  slug: z.string(),
  type: z.enum(POST_TYPES),
  title: z.string().nullable(),
  /** Plain text (HTML stripped), at most {@link ADMIN_EXCERPT_LENGTH} characters. */
  content: z.string(),
  status: z.enum(POST_STATUSES),
  rejected_reason: z.string().nullable(),
  account: z.object({
    id: z.number().int(),
    username: z.string(),
    name: z.string(),
    profile_url: z.string().nullable(),
  }),
  likes_count: z.number().int(),
  comments_count: z.number().int(),
  created_at: Timestamp,
});
export type AdminPost = z.infer<typeof AdminPost>;

export const AdminPostsQuery = PageQuery.extend({
  /** Words of the title or text, or an account's username. */
  q: z.string().trim().max(100).optional(),
  type: z.enum(POST_TYPES).optional(),
  status: z.enum(POST_STATUSES).optional(),
});
export type AdminPostsQuery = z.input<typeof AdminPostsQuery>;

export const RejectPostBody = z.object({
  reason: z.string().trim().min(REJECT_REASON_MIN_LENGTH).max(REJECT_REASON_MAX_LENGTH),
});
export type RejectPostBody = z.input<typeof RejectPostBody>;

/** The import's two kinds of post (spec §2, admin.dashboard.posts.import). */
export const IMPORT_TYPES = ['status', 'post'] as const;
export type ImportType = (typeof IMPORT_TYPES)[number];
/** The largest file taken. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** The most rows one file may hold: more is refused whole (split the file). */
export const IMPORT_MAX_ROWS = 20_000;
/** Rows written per transaction, in multi-row inserts. */
export const IMPORT_BATCH_ROWS = 500;
/** Row errors listed in the answer; `errors_count` counts them all. */
export const IMPORT_MAX_ERRORS = 100;

/**
 * An import row's date, ISO 8601: `2024-05-01`, `2024-05-01T09:30:00Z`, with an offset (`+06:30`), or a time
 * without one (read as UTC). Null unless it is a real moment from 1970 to now (a minute of clock skew allowed).
 */
export function parseImportDate(value: string): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?)(Z|[+-]\d{2}:?\d{2})?)?$/.exec(
    value.trim(),
  );
  if (!m) return null;
  const [, day, time, zone] = m;
  const text = time
    ? `${day}T${time}${zone ? zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2') : 'Z'}`
    : `${day}T00:00:00Z`;
  // No 31 February (Date.parse rolls it over to March) and no 25 o'clock.
  const [y, mo, d] = day!.split('-').map(Number) as [number, number, number];
  if (new Date(Date.UTC(y, mo - 1, d)).toISOString().slice(0, 10) !== day) return null;
  if (time && (Number(time.slice(0, 2)) > 23 || Number(time.slice(3, 5)) > 59)) return null;
  const at = Date.parse(text);
  if (Number.isNaN(at) || at < Date.UTC(1970, 0, 1) || at > Date.now() + 60_000) return null;
  return new Date(at);
}

/** Parsed once: the row's schema answers the `Date`. */
const ImportDate = z
  .string()
  .trim()
  .max(40)
  .transform((value, ctx) => {
    const date = parseImportDate(value);
    if (date) return date;
    ctx.addIssue({ code: 'custom', message: 'posts.import_date', input: value });
    return z.NEVER;
  });

/** One row of a `status` import file: the same limit as composing a status (250 characters). */
export const ImportStatusRow = z.object({
  content: z.string().trim().min(1).max(STATUS_MAX_LENGTH),
  created_at: ImportDate.nullable().optional(),
});
/** One row of a `post` (article) import file: title and HTML as composing takes them; the cover is optional. */
export const ImportArticleRow = z.object({
  title: PostTitle.min(1),
  content: ArticleContent.min(1),
  featured_photo_url: MediaUrl.nullable().optional(),
  created_at: ImportDate.nullable().optional(),
});

/** The form fields sent with the file (multipart: `file`, `type`, `user_id`, `account_id`). */
export const ImportPostsFields = z.object({
  type: z.enum(IMPORT_TYPES),
  user_id: Id,
  account_id: Id,
});

export const ImportRowError = z.object({
  /** The row's position in the file's array, from 0. */
  index: z.number().int(),
  /** The row's field at fault, null for the row as a whole. */
  field: z.string().nullable(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof ImportRowError>;

export const ImportPostsResult = z.object({
  message: z.string(),
  imported: z.number().int(),
  /** The first {@link IMPORT_MAX_ERRORS} problems, in file order. */
  errors: z.array(ImportRowError),
  /** Rows refused in all. */
  errors_count: z.number().int(),
});
export type ImportPostsResult = z.infer<typeof ImportPostsResult>;

/** An account a person belongs to, to import posts as (the import screen's account choice). */
export const MemberAccount = AccountStanding.extend({
  /** Their role on it: `owner` or `editor`. */
  role: z.string(),
});
export type MemberAccount = z.infer<typeof MemberAccount>;

const adminTags = ['Administration'] as const;

export const postsAdminApi = {
  list: endpoint({
    method: 'GET',
    path: '/posts',
    query: AdminPostsQuery,
    response: paged(AdminPost),
    summary: 'Every post, newest first, with a plain-text excerpt (administrators)',
    permission: 'posts.view',
    tags: adminTags,
  }),
  reject: endpoint({
    method: 'POST',
    path: '/posts/:id/reject',
    params: IdParams,
    body: RejectPostBody,
    response: dataOf(Post),
    summary: 'Unpublish a post with a reason its author is told (409 when already rejected)',
    permission: 'posts.moderate',
    tags: adminTags,
  }),
  restore: endpoint({
    method: 'POST',
    path: '/posts/:id/restore',
    params: IdParams,
    response: dataOf(Post),
    summary: 'Publish a rejected post again (409 when it is not rejected)',
    permission: 'posts.moderate',
    tags: adminTags,
  }),
  import: endpoint({
    method: 'POST',
    path: '/posts/import',
    multipart: true,
    response: ImportPostsResult,
    summary:
      'Import posts from a JSON file (multipart: `file`, `type` status or post, `user_id`, `account_id`); valid rows are imported, the others listed',
    permission: 'posts.import',
    tags: adminTags,
  }),
  userAccounts: endpoint({
    method: 'GET',
    path: '/users/:id/accounts',
    params: IdParams,
    query: PageQuery,
    response: paged(MemberAccount),
    summary: 'The creator accounts a person belongs to, to import posts as',
    permission: 'posts.import',
    tags: adminTags,
  }),
} as const;

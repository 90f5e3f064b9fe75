import { z } from 'zod';
import { MemberAccount } from './accounts';
import { Id, IdParams, PageQuery, Timestamp, dataOf, paged } from './common';
import { STATUS_MAX_LENGTH } from './constants';
import { endpoint } from './endpoint';
import { MediaUrl } from './fields';
import { ArticleContent, ImageAlt, MODERATED_STATUSES, POST_TYPES, Post, PostTitle } from './posts';

/* Posts as administrators see them: the moderation table, rejecting and restoring, and the import. */

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
  status: z.enum(MODERATED_STATUSES),
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
  status: z.enum(MODERATED_STATUSES).optional(),
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
  /** What the cover shows, for who cannot see it. */
  featured_photo_alt: ImageAlt.nullable().optional(),
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

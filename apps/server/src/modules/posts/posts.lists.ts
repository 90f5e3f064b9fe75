import {
  encodeCursor,
  type CursorPageQuery,
  type CursorPaged,
  type Post,
  type PostLanguage,
  type PostType,
} from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import { preparedRows } from '../../db/prepared';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { offsetOf, pageMeta, type PageAt } from '../../platform/pagination';
import { accountAccess, findAccount } from '../accounts';
import { followedPage } from './feed.service';
import { mediaSigner } from './locked-media';
import { toPost } from './posts.service';
import * as repo from './posts.repo';
import * as tagged from './tagged.repo';

/* The post lists (the feeds, my posts, an account's, a tag's, discovery's) and their pages, as every list answers. */

/** The rows a page query asks for: by cursor one more than shown, to tell whether more follow. */
export function windowOf(q: CursorPageQuery): repo.ListWindow {
  return q.before
    ? { before: q.before, limit: q.per_page + 1, offset: 0, counted: false }
    : { before: null, limit: q.per_page, offset: offsetOf(q), counted: true };
}

/** A list page's answer: page numbers as before, or by cursor with the next one (CursorPageMeta). */
export function pageOf(
  result: repo.ListPage & { deep?: boolean },
  auth: AuthContext | null,
  q: CursorPageQuery,
  at: PageAt,
  sign?: (url: string) => string,
): CursorPaged<Post> {
  const rows = result.rows.slice(0, q.per_page);
  const data = rows.map((r) => toPost(r, auth, false, sign));
  const last = rows.at(-1);
  const next = last ? encodeCursor({ ...repo.cursorOf(last), ...(result.deep ? { deep: true } : {}) }) : null;
  if (q.before)
    return { data, meta: { per_page: q.per_page, next_cursor: result.rows.length > q.per_page ? next : null } };
  const meta = pageMeta({ page: q.page, perPage: q.per_page, total: result.total ?? 0, ...at });
  return { data, meta: { ...meta, next_cursor: q.page < meta.last_page ? next : null } };
}

/**
 * The followed feed with the posts of the tags the reader follows merged in, newest first, each post once. Both
 * are read from the same cursor, so a tag's post cut from this page comes first on the next.
 */
async function withFollowedTags(
  ctx: AppContext,
  viewer: number,
  window: repo.ListWindow,
  followed: Promise<repo.ListPage & { deep?: boolean }>,
): Promise<repo.ListPage & { deep?: boolean }> {
  const [page, ofTags] = await Promise.all([followed, tagged.followedTagPosts(ctx.db, viewer, window)]);
  if (ofTags.length === 0) return page;
  const byId = new Map(page.rows.map((r) => [r.id, r]));
  for (const row of ofTags) if (!byId.has(row.id)) byId.set(row.id, row);
  const rows = [...byId.values()]
    .sort((a, b) => (b.cursor_us === a.cursor_us ? b.id - a.id : BigInt(b.cursor_us) > BigInt(a.cursor_us) ? 1 : -1))
    .slice(0, window.limit);
  return { ...page, rows };
}

export const lists = {
  public: (ctx: AppContext, auth: AuthContext | null, q: CursorPageQuery & { language?: PostLanguage }) =>
    repo.publicFeed(ctx.db, auth?.user.id ?? 0, windowOf(q), q.language),
  followed: (ctx: AppContext, auth: AuthContext, q: CursorPageQuery) =>
    withFollowedTags(ctx, auth.user.id, windowOf(q), followedPage(ctx, auth.user.id, windowOf(q))),
  /** A tag's posts (its page). */
  tagged: (ctx: AppContext, auth: AuthContext | null, tagId: number, q: CursorPageQuery) =>
    tagged.taggedPosts(ctx.db, auth?.user.id ?? 0, tagId, windowOf(q)),
  mine: (ctx: AppContext, auth: AuthContext, q: CursorPageQuery) => repo.myPosts(ctx.db, auth.user.id, windowOf(q)),
  /**
   * An account's posts. The page query also says whether the posts are visible, so the usual case (a
   * visible account) is one round trip; an empty or hidden one is checked on its own.
   */
  async account(
    ctx: AppContext,
    auth: AuthContext | null,
    accountId: number,
    type: PostType | undefined,
    q: CursorPageQuery,
  ) {
    const result = await repo.accountPosts(ctx.db, auth?.user.id ?? 0, accountId, type, windowOf(q));
    if (result.rows[0]?.visible) return result;
    const account = await findAccount(ctx.db, accountId, auth?.user.id ?? null);
    if (!account || !accountAccess(auth, account).visible) throw notFound();
    return result;
  },
};

/** A tag's page of posts, as every list answers (members-only posts locked as anywhere else). */
export async function taggedPage(
  ctx: AppContext,
  auth: AuthContext | null,
  tagId: number | null,
  q: CursorPageQuery,
  at: PageAt,
): Promise<CursorPaged<Post>> {
  const result = tagId === null ? { rows: [], total: 0 } : await lists.tagged(ctx, auth, tagId, q);
  return pageOf(result, auth, q, at, mediaSigner(ctx));
}

/**
 * These posts as a list shows them to `auth` (those they may not see in lists left out: hidden, blocked, muted), in
 * the order of `ids`: discovery's latest posts and trending posts.
 */
export async function listedPosts(ctx: AppContext, auth: AuthContext | null, ids: number[]): Promise<Post[]> {
  if (ids.length === 0) return [];
  const viewer = auth?.user.id ?? 0;
  // Prepared: planning the decorated select cost three to four times running it (suggestion cards, trending).
  const rows = await preparedRows<repo.PostListRow>(
    ctx.db,
    repo.decorate(
      viewer,
      sql`select * from posts p where p.id = any(${sql.param(ids)}::int[]) and p.visible and ${repo.inLists(viewer, 'p')}`,
      sql`null::int`,
    ),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const sign = mediaSigner(ctx);
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toPost(row, auth, false, sign)] : [];
  });
}

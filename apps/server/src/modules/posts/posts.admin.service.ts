import {
  ADMIN_EXCERPT_LENGTH,
  type AdminPost,
  type MemberAccount,
  type Paged,
  type ParsedQuery,
  type Post,
  type postsAdminApi,
  type PageQuery,
} from '@inkwell/contracts';
import { VISIBLE_POSTS } from '../../db/counters';
import { accountPublicForPosting } from '../../db/visibility';
import { recordAudit } from '../../platform/audit';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { conflict, notFound } from '../../platform/errors';
import { offsetOf, paged, type PageAt } from '../../platform/pagination';
import { plainText } from '../../platform/sanitize';
import { publicAccountSql } from '../accounts';
import * as admin from './posts.admin.repo';
import * as repo from './posts.repo';
import { postAccount } from './posts.service';
import { mediaSigner } from './locked-media';
import { toPost } from './posts.service';

const iso = (d: Date | string) => (typeof d === 'string' ? new Date(d) : d).toISOString();

/** At most `length` characters (whole code points, so no emoji is cut in half). */
export function excerptOf(text: string, length = ADMIN_EXCERPT_LENGTH): string {
  const chars = Array.from(text);
  return chars.length > length ? chars.slice(0, length).join('') : text;
}

export function toAdminPost(row: admin.AdminPostRow): AdminPost {
  const text = row.content_head ? (row.type === 'post' ? plainText(row.content_head) : row.content_head) : '';
  return {
    id: row.id,
    slug: row.slug,
    type: row.type,
    title: row.title,
    content: excerptOf(text.replace(/\s+/g, ' ').trim()),
    status: row.status,
    rejected_reason: row.rejected_reason,
    account: postAccount(row),
    likes_count: row.likes_count,
    comments_count: row.comments_count,
    created_at: iso(row.created_at),
  };
}

/** `GET /posts`: every post, newest first, filtered by words, type and status. */
export async function list(ctx: AppContext, query: ParsedQuery<typeof postsAdminApi.list>, at: PageAt) {
  const { rows, total } = await admin.list(
    ctx.db,
    { q: query.q || undefined, type: query.type, status: query.status },
    query.per_page,
    offsetOf(query),
  );
  return paged(rows.map(toAdminPost), total, query, at);
}

async function current(ctx: AppContext, auth: AuthContext, id: number): Promise<Post> {
  const row = await repo.byId(ctx.db, id, auth.user.id);
  if (!row) throw notFound();
  return toPost(row, auth, true, mediaSigner(ctx));
}

/**
 * Unpublishes a post with a reason: out of feeds, search, its account's list and the public total, in one
 * transaction with its audit entry; its author hears of it after the commit. Its people still see it, with
 * the reason. A post already rejected is a 409 (the reason given first stands until it is restored).
 */
export async function reject(ctx: AppContext, auth: AuthContext, id: number, reason: string): Promise<Post> {
  const accountId = await admin.accountOf(ctx.db, id);
  if (!accountId) throw notFound();
  await ctx.transaction(async (tx) => {
    // The account first, then the post: the order an account's status change takes them in (no deadlock).
    await accountPublicForPosting(tx, accountId, publicAccountSql('a'));
    const post = await admin.lockForModeration(tx, id);
    // A draft or a scheduled post is its writers' own: not there for moderation until it is published.
    if (!post || post.status === 'draft' || post.status === 'scheduled') throw notFound();
    if (post.status === 'rejected') throw conflict('posts.already_rejected');
    await admin.markRejected(tx, id, reason);
    if (post.visible) await repo.bumpCounter(tx, VISIBLE_POSTS, -1);
    // An account's totals count its published posts (the account page's tabs).
    await repo.bumpAccountCounts(tx, post.account_id, post.type, -1);
    await recordAudit(tx, auth, {
      action: 'posts.reject',
      subject_type: 'post',
      subject_id: id,
      before: { status: post.status, visible: post.visible, rejected_reason: null },
      after: { status: 'rejected', visible: false, rejected_reason: reason },
    });
    ctx.events.publish(tx, {
      type: 'post.rejected',
      actor_id: auth.user.id,
      account_id: post.account_id,
      post_id: id,
      reason,
    });
  });
  return current(ctx, auth, id);
}

/**
 * Publishes a rejected post again. Whether readers see it follows its account's status, by the same rule
 * (and under the same account lock) as a post written now; the public total moves with it.
 */
export async function restore(ctx: AppContext, auth: AuthContext, id: number): Promise<Post> {
  const accountId = await admin.accountOf(ctx.db, id);
  if (!accountId) throw notFound();
  await ctx.transaction(async (tx) => {
    const visible = await accountPublicForPosting(tx, accountId, publicAccountSql('a'));
    const post = await admin.lockForModeration(tx, id);
    if (!post || post.status === 'draft' || post.status === 'scheduled') throw notFound();
    if (post.status !== 'rejected') throw conflict('posts.not_rejected');
    await admin.markPublished(tx, id, visible);
    if (visible) await repo.bumpCounter(tx, VISIBLE_POSTS, 1);
    await repo.bumpAccountCounts(tx, post.account_id, post.type, 1);
    await recordAudit(tx, auth, {
      action: 'posts.restore',
      subject_type: 'post',
      subject_id: id,
      before: { status: 'rejected', visible: false, rejected_reason: post.rejected_reason },
      after: { status: 'published', visible, rejected_reason: null },
    });
    ctx.events.publish(tx, { type: 'post.restored', actor_id: auth.user.id, account_id: post.account_id, post_id: id });
  });
  return current(ctx, auth, id);
}

/** `GET /users/:id/accounts`: the accounts a person belongs to (404 when there is no such person). */
export async function accountsOfUser(
  ctx: AppContext,
  userId: number,
  query: PageQuery,
  at: PageAt,
): Promise<Paged<MemberAccount>> {
  if (!(await admin.userExists(ctx.db, userId))) throw notFound();
  const { rows, total } = await admin.accountsOfUser(ctx.db, userId, query.per_page, offsetOf(query));
  return paged(rows, total, query, at);
}

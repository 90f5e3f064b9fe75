import { COMMENT_MAX_DEPTH, type CommentT, type ParsedBody, type commentsApi } from '@inkwell/contracts';
import type { AuthContext } from '../../platform/auth/authenticate';
import { resolveMentions } from '../../db/mentions';
import type { AppContext } from '../../platform/context';
import { ValidationError, forbidden, notFound } from '../../platform/errors';
import { accountAccess, findAccount } from '../accounts';
import { postAccess, requirePost, type PostAccess } from '../posts';
import { refuseIfBlockedWith } from '../safety';
import { commentAccess, requireCommentDelete } from './comments.policy';
import * as repo from './comments.repo';

/** The post and what the viewer may do with it (posts.policy.ts). */
async function postOf(ctx: AppContext, auth: AuthContext | null, postId: number) {
  const post = await repo.postFacts(ctx.db, postId, auth ? auth.user.id : null);
  return post && { ...post, access: postAccess(auth, post) };
}

/**
 * The post a viewer may read and comment on; 404 when they may not see it, 403 when it is members-only and not
 * for them (its comments are the members').
 */
async function readablePost(ctx: AppContext, auth: AuthContext | null, postId: number) {
  const post = await postOf(ctx, auth, postId);
  if (!post) throw notFound();
  requirePost(post.access, 'readable');
  return post;
}

/** One query for the whole thread (names and my likes included), shaped into a tree here. */
export async function thread(ctx: AppContext, auth: AuthContext | null, postId: number): Promise<CommentT[]> {
  const post = await readablePost(ctx, auth, postId);
  const viewer = auth?.user.id ?? 0;
  const rows = await repo.threadRows(ctx.db, viewer, postId);
  const byId = new Map<number, CommentT>();
  const roots: CommentT[] = [];
  for (const row of rows) {
    const comment = toComment(row, auth, post.access);
    byId.set(row.id, comment);
    const parent = row.parent_id ? byId.get(row.parent_id) : undefined;
    // A reply to a comment left out (its writer and I are in a block) goes with it.
    if (row.parent_id && !parent) {
      byId.delete(row.id);
      continue;
    }
    (parent ? parent.replies : roots).push(comment);
  }
  return roots;
}

function toComment(row: repo.CommentRow, auth: AuthContext | null, post: PostAccess): CommentT {
  return {
    id: row.id,
    post_id: row.post_id,
    content: row.content,
    mentions: row.mentions ?? [],
    parent_comment_id: row.parent_id,
    depth: row.depth,
    commentable_id: row.account_id ?? row.user_id,
    commentable_type: row.account_id ? 'account' : 'user',
    name: row.name,
    username: row.username,
    profile_url: row.profile_url,
    liked: row.liked,
    likes_count: row.likes_count,
    can_delete: commentAccess(auth, row, post).can_delete,
    created_at: (typeof row.created_at === 'string' ? new Date(row.created_at) : row.created_at).toISOString(),
    replies: [],
  };
}

export async function create(
  ctx: AppContext,
  auth: AuthContext,
  input: ParsedBody<typeof commentsApi.create>,
): Promise<CommentT> {
  const post = await readablePost(ctx, auth, input.post_id);
  let depth = 1;
  let parentAuthor: number | undefined;
  if (input.parent_comment_id) {
    const parent = await repo.findComment(ctx.db, input.parent_comment_id);
    if (!parent || parent.post_id !== post.id) throw new ValidationError({ parent_comment_id: ['validation.invalid'] });
    // Three levels at most: a third-level comment cannot be replied to.
    if (parent.depth >= COMMENT_MAX_DEPTH)
      throw new ValidationError({ parent_comment_id: ['comments.too_deep'] }, 'comments.too_deep');
    depth = parent.depth + 1;
    parentAuthor = parent.user_id;
  }
  await refuseIfBlockedWith(ctx.db, auth.user.id, {
    accountId: post.account_id,
    people: [post.author_id, parentAuthor ?? null],
  });
  if (input.account_id) {
    const account = await findAccount(ctx.db, input.account_id, auth.user.id);
    const asAccount = account ? accountAccess(auth, account) : undefined;
    if (!asAccount?.member) throw forbidden('posts.not_your_account');
    if (!asAccount.can_publish) throw forbidden('posts.account_not_approved');
  }
  const mentions = await resolveMentions(ctx.db, input.content);
  const id = await ctx.transaction(async (tx) => {
    const created = await repo.insertComment(tx, {
      post_id: post.id,
      parent_id: input.parent_comment_id ?? null,
      depth,
      user_id: auth.user.id,
      account_id: input.account_id ?? null,
      content: input.content,
      mentions,
    });
    ctx.events.publish(tx, {
      type: 'comment.created',
      actor_id: auth.user.id,
      account_id: post.account_id,
      post_id: post.id,
      comment_id: created,
      parent_id: input.parent_comment_id ?? null,
      parent_author_id: parentAuthor ?? null,
      as_account_id: input.account_id ?? null,
    });
    return created;
  });
  const row = await repo.commentRow(ctx.db, auth.user.id, id);
  return toComment(row!, auth, post.access);
}

/** The author, the post's account people, or an administrator with the permission (comments.policy.ts). */
export async function remove(ctx: AppContext, auth: AuthContext, id: number): Promise<void> {
  const comment = await repo.findComment(ctx.db, id);
  const post = comment && (await postOf(ctx, auth, comment.post_id));
  if (!comment || !post) throw notFound();
  requireCommentDelete(commentAccess(auth, comment, post.access));
  // Replies and the likes of all of them go with the comment; the post's count drops by every comment gone.
  const removed = await repo.deleteComment(ctx.db, id);
  // One statement, committed on its own: published outside a transaction, heard once this request yields.
  if (removed > 0) {
    ctx.events.publish(ctx.db, {
      type: 'comment.deleted',
      actor_id: auth.user.id,
      account_id: post.account_id,
      post_id: comment.post_id,
      comment_id: id,
      removed,
    });
  }
}

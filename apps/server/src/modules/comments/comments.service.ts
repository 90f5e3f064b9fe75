import { COMMENT_MAX_DEPTH, isAdminRole, type CommentT, type ParsedBody, type postsApi } from '@inkwell/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/connect';
import { accountUsers, accounts, comments, posts } from '../../db/schema';
import type { AuthContext } from '../../platform/auth/authenticate';
import { roleHasPermission } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { ValidationError, forbidden, notFound } from '../../platform/errors';
import { accountOwners, notify } from '../notifications/notifications.repo';

interface CommentRow {
  id: number;
  post_id: number;
  parent_id: number | null;
  depth: number;
  user_id: number;
  account_id: number | null;
  content: string;
  likes_count: number;
  created_at: Date | string;
  name: string;
  username: string;
  profile_url: string | null;
  liked: boolean;
}

/** The post a viewer may read and comment on, with whether the viewer belongs to its account. */
async function readablePost(ctx: AppContext, auth: AuthContext | null, postId: number) {
  const [post] = await ctx.db
    .select({
      id: posts.id,
      account_id: posts.account_id,
      visible: posts.visible,
      member: auth
        ? sql<boolean>`exists(select 1 from ${accountUsers} where ${accountUsers.account_id} = ${posts.account_id} and ${accountUsers.user_id} = ${auth.user.id})`
        : sql<boolean>`false`,
    })
    .from(posts)
    .where(eq(posts.id, postId));
  if (!post || (!post.visible && !post.member && !(auth && isAdminRole(auth.user.role_name)))) throw notFound();
  return post;
}

/** One query for the whole thread (names and my likes included), shaped into a tree here. */
export async function thread(ctx: AppContext, auth: AuthContext | null, postId: number): Promise<CommentT[]> {
  const post = await readablePost(ctx, auth, postId);
  const viewer = auth?.user.id ?? 0;
  const rows = await commentRows(ctx, viewer, sql`c.post_id = ${postId}`);
  const moderator = auth ? post.member || (await mayModerate(ctx, auth)) : false;
  const byId = new Map<number, CommentT>();
  const roots: CommentT[] = [];
  for (const row of rows) {
    const comment = toComment(row, auth, moderator);
    byId.set(row.id, comment);
    const parent = row.parent_id ? byId.get(row.parent_id) : undefined;
    (parent ? parent.replies : roots).push(comment);
  }
  return roots;
}

function toComment(row: CommentRow, auth: AuthContext | null, moderator: boolean): CommentT {
  return {
    id: row.id,
    post_id: row.post_id,
    content: row.content,
    parent_comment_id: row.parent_id,
    depth: row.depth,
    commentable_id: row.account_id ?? row.user_id,
    commentable_type: row.account_id ? 'account' : 'user',
    name: row.name,
    username: row.username,
    profile_url: row.profile_url,
    liked: row.liked,
    likes_count: row.likes_count,
    can_delete: Boolean(auth && (row.user_id === auth.user.id || moderator)),
    created_at: (typeof row.created_at === 'string' ? new Date(row.created_at) : row.created_at).toISOString(),
    replies: [],
  };
}

/** Comments with their author's (or account's) name and picture and whether the viewer liked them. */
function commentRows(ctx: AppContext, viewer: number, where: ReturnType<typeof sql>): Promise<CommentRow[]> {
  return queryRows<CommentRow>(
    ctx.db,
    sql`select c.id, c.post_id, c.parent_id, c.depth, c.user_id, c.account_id, c.content, c.likes_count, c.created_at,
          coalesce(a.name, u.name) as name, coalesce(a.username, u.username) as username,
          coalesce(a.profile_url, u.profile_url) as profile_url,
          exists(select 1 from likes l where l.user_id = ${viewer} and l.likeable_type = 'comment' and l.likeable_id = c.id) as liked
        from comments c
        join users u on u.id = c.user_id
        left join accounts a on a.id = c.account_id
        where ${where}
        order by c.created_at, c.id`,
  );
}

const mayModerate = async (ctx: AppContext, auth: AuthContext) =>
  auth.user.role_name === 'root' ||
  (isAdminRole(auth.user.role_name) && (await roleHasPermission(ctx, auth.user.role_id, 'comments.delete')));

export async function create(
  ctx: AppContext,
  auth: AuthContext,
  input: ParsedBody<typeof postsApi.comment>,
): Promise<CommentT> {
  const post = await readablePost(ctx, auth, input.post_id);
  let depth = 1;
  let parentAuthor: number | undefined;
  if (input.parent_comment_id) {
    const [parent] = await ctx.db
      .select({ depth: comments.depth, post_id: comments.post_id, user_id: comments.user_id })
      .from(comments)
      .where(eq(comments.id, input.parent_comment_id));
    if (!parent || parent.post_id !== post.id) throw new ValidationError({ parent_comment_id: ['validation.invalid'] });
    // Three levels at most: a third-level comment cannot be replied to.
    if (parent.depth >= COMMENT_MAX_DEPTH)
      throw new ValidationError({ parent_comment_id: ['comments.too_deep'] }, 'comments.too_deep');
    depth = parent.depth + 1;
    parentAuthor = parent.user_id;
  }
  if (input.account_id) {
    const [asAccount] = await ctx.db
      .select({ approved: accounts.approved_status })
      .from(accountUsers)
      .innerJoin(accounts, eq(accounts.id, accountUsers.account_id))
      .where(and(eq(accountUsers.account_id, input.account_id), eq(accountUsers.user_id, auth.user.id)));
    if (!asAccount) throw forbidden('posts.not_your_account');
    if (asAccount.approved !== 'approved') throw forbidden('posts.account_not_approved');
  }
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(comments)
      .values({
        post_id: post.id,
        parent_id: input.parent_comment_id ?? null,
        depth,
        user_id: auth.user.id,
        account_id: input.account_id ?? null,
        content: input.content,
      })
      .returning({ id: comments.id });
    await tx
      .update(posts)
      .set({ comments_count: sql`${posts.comments_count} + 1` })
      .where(eq(posts.id, post.id));
    const event = { actor_id: auth.user.id, account_id: post.account_id, post_id: post.id, comment_id: row!.id };
    if (parentAuthor) await notify(tx, [parentAuthor], { ...event, type: 'reply' });
    await notify(
      tx,
      (await accountOwners(tx, post.account_id)).filter((id) => id !== parentAuthor),
      { ...event, type: 'comment' },
    );
    return row!.id;
  });
  const [row] = await commentRows(ctx, auth.user.id, sql`c.id = ${id}`);
  return toComment(row!, auth, true);
}

/** The author, the post's account people, or an administrator with the permission. */
export async function remove(ctx: AppContext, auth: AuthContext, id: number): Promise<void> {
  const [comment] = await ctx.db
    .select({ user_id: comments.user_id, post_id: comments.post_id })
    .from(comments)
    .where(eq(comments.id, id));
  if (!comment) throw notFound();
  if (comment.user_id !== auth.user.id) {
    const post = await readablePost(ctx, auth, comment.post_id);
    if (!post.member && !(await mayModerate(ctx, auth))) throw forbidden();
  }
  await ctx.db.transaction(async (tx) => {
    // Replies go with the comment; the post's count drops by all of them.
    const [gone] = await queryRows<{ n: number }>(
      tx as never,
      sql`with recursive doomed as (
            select id from comments where id = ${id}
            union all select c.id from comments c join doomed d on c.parent_id = d.id
          ) select count(*)::int as n from doomed`,
    );
    await tx.delete(comments).where(eq(comments.id, id));
    await tx
      .update(posts)
      .set({ comments_count: sql`greatest(0, ${posts.comments_count} - ${gone?.n ?? 1})` })
      .where(eq(posts.id, comment.post_id));
  });
}

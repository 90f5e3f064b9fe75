import type { DomainEvent, LikeResult } from '@inkwell/contracts';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { postAccess, requirePost } from '../posts';
import { refuseIfBlockedWith } from '../safety';
import * as repo from './likes.repo';

/**
 * A toggle: removes my like if there is one, else adds it. Either step changes the count only when it
 * changed a row, so concurrent toggles leave `likes_count` equal to the likes that exist.
 */
export async function toggleLike(
  ctx: AppContext,
  auth: AuthContext,
  type: repo.LikeTarget,
  id: number,
): Promise<LikeResult> {
  const target = await repo.targetFacts(ctx.db, type, id, auth.user.id);
  // Whoever may see the post may like it and its comments, as they may comment on it (posts.policy.ts).
  if (!target) throw notFound();
  requirePost(postAccess(auth, target));
  const me = auth.user.id;
  // What happened, published with the change and heard after it commits (notifications, realtime).
  const event = (liked: boolean): DomainEvent =>
    target.author !== undefined
      ? {
          type: liked ? 'comment.liked' : 'comment.unliked',
          actor_id: me,
          account_id: target.account,
          post_id: target.post,
          comment_id: id,
          comment_author_id: target.author,
        }
      : { type: liked ? 'post.liked' : 'post.unliked', actor_id: me, account_id: target.account, post_id: target.post };
  return ctx.transaction(async (tx) => {
    if (await repo.deleteLike(tx, me, type, id)) {
      ctx.events.publish(tx, event(false));
      return { liked: false, likes_count: await repo.bumpLikes(tx, type, id, -1) };
    }
    // Taking a like back always works; giving one does not reach across a block.
    await refuseIfBlockedWith(tx, me, { accountId: target.account, people: [target.author ?? null] });
    const added = await repo.insertLike(tx, me, type, id);
    const count = await repo.bumpLikes(tx, type, id, added ? 1 : 0);
    if (added) ctx.events.publish(tx, event(true));
    return { liked: true, likes_count: count };
  });
}

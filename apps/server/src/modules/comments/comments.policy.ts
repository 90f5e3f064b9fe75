import type { AuthContext } from '../../platform/auth/authenticate';
import { forbidden, notFound } from '../../platform/errors';
import type { PostAccess } from '../posts';

/** Who may see and delete a comment: its `can_delete` and the 404/403 of deleting it. */
export interface CommentAccess {
  /** Its post is visible to the viewer (posts.policy.ts), or the viewer wrote it. */
  visible: boolean;
  author: boolean;
  /** Its author, the post's account people, or an administrator with `comments.delete` who may see the post. */
  can_delete: boolean;
}

export function commentAccess(auth: AuthContext | null, comment: { user_id: number }, post: PostAccess): CommentAccess {
  const author = Boolean(auth && auth.user.id === comment.user_id);
  const moderator = post.visible && (post.member || Boolean(auth?.permissions.has('posts.moderate')));
  return { visible: post.visible || author, author, can_delete: author || moderator };
}

/** The answer to a delete from the same rule: 404 to whoever may not see the comment, else 403. */
export function requireCommentDelete(access: CommentAccess): void {
  if (!access.visible) throw notFound();
  if (!access.can_delete) throw forbidden();
}

import type { PostStatus } from '@inkwell/contracts';
import type { AuthContext } from '../../platform/auth/authenticate';
import { forbidden, notFound } from '../../platform/errors';

/**
 * Who may see and act on a post: the one rule behind its `can_modify`/`can_delete`, the 404/403 of editing and
 * deleting it, and who may read, like and comment on it (comments and likes ask this too).
 */
export interface PostFacts {
  /** Published on a public account (kept in the row; feeds and search filter on `posts.visible` alone). */
  visible: boolean;
  /** The viewer is one of the post's account's people. */
  member: boolean;
  /** Public, or members-only and the viewer's pass opens it (`db/members-only.ts`); absent: public. */
  unlocked?: boolean;
  /** A draft or a scheduled post is its account's people's alone: not an administrator's to read or change. */
  status?: PostStatus;
}

export interface PostAccess {
  /** The viewer may read it, like it and comment on it: public, theirs, or an administrator with `posts.view`. */
  visible: boolean;
  member: boolean;
  /**
   * Read its body, media and comments, and comment: visible, and public or opened by a pass (members-only), or
   * its account's people, or an administrator with `posts.view`. Otherwise it is answered locked (a teaser).
   */
  readable: boolean;
  /** Edit it: its account's people, or an administrator with `posts.moderate`. */
  can_modify: boolean;
  /** Delete it: its account's people, or an administrator with `posts.moderate`. */
  can_delete: boolean;
}

export function postAccess(auth: AuthContext | null, post: PostFacts): PostAccess {
  const member = Boolean(auth && post.member);
  const unpublished = post.status === 'draft' || post.status === 'scheduled';
  const may = (permission: 'posts.view' | 'posts.moderate') =>
    !unpublished && Boolean(auth?.permissions.has(permission));
  const visible = post.visible || member || may('posts.view');
  return {
    visible,
    member,
    readable: visible && (post.unlocked !== false || member || may('posts.view')),
    can_modify: visible && (member || may('posts.moderate')),
    can_delete: visible && (member || may('posts.moderate')),
  };
}

/** The action's answer from the same rule: 404 to whoever may not see the post (ids are no oracle), else 403. */
export function requirePost(access: PostAccess, action?: 'can_modify' | 'can_delete' | 'readable'): void {
  if (!access.visible) throw notFound();
  if (action && !access[action]) throw forbidden(action === 'readable' ? 'posts.members_only' : undefined);
}

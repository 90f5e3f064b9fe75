import type { Post } from '@inkwell/contracts';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { ValidationError, notFound, type FieldErrors } from '../../platform/errors';
import type { MessageKey } from '../../platform/i18n';
import { accountAccess, findAccount } from '../accounts';
import { mediaSigner, toPost } from '../posts';
import { requirePinning } from './pins.policy';
import * as repo from './pins.repo';

/**
 * The account's pinned posts in their order, as the viewer may see them (members-only ones locked as in any list).
 * The rows say whether the account is visible (`posts.visible`), so the usual case is one query; with none, or on
 * a hidden account, the account is asked on its own: one the viewer may not see answers 404, as its posts do.
 */
export async function pinned(ctx: AppContext, auth: AuthContext | null, accountId: number): Promise<Post[]> {
  const rows = await repo.pinnedPosts(ctx.db, auth?.user.id ?? 0, accountId);
  if (!rows[0]?.visible) {
    const account = await findAccount(ctx.db, accountId, auth?.user.id ?? null);
    if (!account || !accountAccess(auth, account).visible) throw notFound();
  }
  const sign = mediaSigner(ctx);
  return rows.map((row) => toPost(row, auth, false, sign));
}

/**
 * Pins these posts of the account in this order, replacing its pins (none: unpins all). Each must be one of the
 * account's published posts; a refused list changes nothing. The account's row is locked while its pins change.
 */
export async function setPins(ctx: AppContext, auth: AuthContext, accountId: number, ids: number[]): Promise<Post[]> {
  requirePinning(auth, await findAccount(ctx.db, accountId, auth.user.id));
  await ctx.transaction(async (tx) => {
    if (!(await repo.lockAccount(tx, accountId))) throw notFound();
    const found = new Map((await repo.postsOfAccount(tx, accountId, ids)).map((p) => [p.id, p.status]));
    const fields: FieldErrors = {};
    let first: MessageKey | undefined;
    ids.forEach((id, index) => {
      const status = found.get(id);
      const key: MessageKey | undefined =
        status === undefined ? 'pins.not_of_account' : status !== 'published' ? 'pins.not_published' : undefined;
      if (!key) return;
      fields[`post_ids.${index}`] = [key];
      first ??= key;
    });
    // The first problem is the answer's message too: the one line a menu's toast has room for.
    if (first) throw new ValidationError(fields, first);
    await repo.replacePins(tx, accountId, ids);
  });
  return pinned(ctx, auth, accountId);
}

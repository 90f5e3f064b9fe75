import type { FollowResult } from '@inkwell/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { accounts, follows } from '../../db/schema';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { accountOwners, notify } from '../notifications/notifications.repo';

/**
 * Follow or unfollow. The count moves by one only when a row really appears or goes, in the same
 * transaction, so repeated or concurrent clicks cannot skew it.
 */
export async function setFollow(
  ctx: AppContext,
  auth: AuthContext,
  accountId: number,
  follow: boolean,
): Promise<FollowResult> {
  const [account] = await ctx.db
    .select({ id: accounts.id, approved: accounts.approved_status, published: accounts.published_status })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account || account.approved !== 'approved' || account.published !== 'published') throw notFound();
  return ctx.db.transaction(async (tx) => {
    let changed = false;
    if (follow) {
      changed =
        (
          await tx
            .insert(follows)
            .values({ user_id: auth.user.id, account_id: accountId })
            .onConflictDoNothing()
            .returning()
        ).length > 0;
    } else {
      changed =
        (
          await tx
            .delete(follows)
            .where(and(eq(follows.user_id, auth.user.id), eq(follows.account_id, accountId)))
            .returning()
        ).length > 0;
    }
    const [row] = await tx
      .update(accounts)
      .set({ followers_count: sql`greatest(0, ${accounts.followers_count} + ${changed ? (follow ? 1 : -1) : 0})` })
      .where(eq(accounts.id, accountId))
      .returning({ followers_count: accounts.followers_count });
    if (changed && follow) {
      await notify(tx, await accountOwners(tx, accountId), {
        type: 'follow',
        actor_id: auth.user.id,
        account_id: accountId,
      });
    }
    return { is_followed: follow, followers_count: row!.followers_count };
  });
}

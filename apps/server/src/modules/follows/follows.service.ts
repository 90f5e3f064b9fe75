import type { FollowResult } from '@inkwell/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { accounts, follows } from '../../db/schema';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { conflict, notFound } from '../../platform/errors';
import { accountAccess, findAccount } from '../accounts';

/**
 * Follow or unfollow. The count moves by one only when a row really appears or goes, in the same
 * transaction, so repeated or concurrent clicks cannot skew it. Following needs an account the person may see
 * (accounts.policy.ts; 404 otherwise). Unfollowing always works, also once the account is hidden or gone; the
 * count is told only to whoever may see the account, so a hidden id answers exactly like a missing one.
 */
export async function setFollow(
  ctx: AppContext,
  auth: AuthContext,
  accountId: number,
  follow: boolean,
): Promise<FollowResult> {
  const account = await findAccount(ctx.db, accountId, auth.user.id);
  const visible = Boolean(account && accountAccess(auth, account).visible);
  if (follow && !visible) throw notFound();
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
    if (changed) {
      ctx.events.publish(tx, {
        type: follow ? 'account.followed' : 'account.unfollowed',
        actor_id: auth.user.id,
        account_id: accountId,
      });
    }
    // Following again starts with the bell off; unfollowing takes it away with the follow.
    return { is_followed: follow, followers_count: visible ? (row?.followers_count ?? 0) : 0, bell: false };
  });
}

/**
 * Rings (or silences) the bell of an account I follow. Ringing needs the follow (409 otherwise) and an account
 * I may see (404); silencing always works, like unfollowing.
 */
export async function setBell(
  ctx: AppContext,
  auth: AuthContext,
  accountId: number,
  on: boolean,
): Promise<FollowResult> {
  const account = await findAccount(ctx.db, accountId, auth.user.id);
  const visible = Boolean(account && accountAccess(auth, account).visible);
  if (on && !visible) throw notFound();
  const [row] = await ctx.db
    .update(follows)
    .set({ bell: on })
    .where(and(eq(follows.user_id, auth.user.id), eq(follows.account_id, accountId)))
    .returning({ bell: follows.bell });
  if (on && !row) throw conflict('follows.bell_needs_follow');
  return {
    is_followed: Boolean(row),
    followers_count: visible ? (account?.followers_count ?? 0) : 0,
    bell: row?.bell ?? false,
  };
}

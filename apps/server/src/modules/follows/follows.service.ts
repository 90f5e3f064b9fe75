import type { FollowResult } from '@inkwell/contracts';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { conflict, notFound } from '../../platform/errors';
import { accountAccess, findAccount } from '../accounts';
import { refuseIfBlockedWith } from '../safety';
import * as repo from './follows.repo';

/** The account and whether the person may see it; 404 when they may not and `mustSee` (following, ringing). */
async function seen(ctx: AppContext, auth: AuthContext, accountId: number, mustSee: boolean) {
  const account = await findAccount(ctx.db, accountId, auth.user.id);
  const visible = Boolean(account && accountAccess(auth, account).visible);
  if (mustSee && !visible) throw notFound();
  return { account, visible };
}

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
  const { visible } = await seen(ctx, auth, accountId, follow);
  if (follow) await refuseIfBlockedWith(ctx.db, auth.user.id, { accountId });
  return ctx.transaction(async (tx) => {
    const changed = follow
      ? await repo.insertFollow(tx, auth.user.id, accountId)
      : await repo.deleteFollow(tx, auth.user.id, accountId);
    const followers = await repo.bumpFollowers(tx, accountId, changed ? (follow ? 1 : -1) : 0);
    if (changed) {
      ctx.events.publish(tx, {
        type: follow ? 'account.followed' : 'account.unfollowed',
        actor_id: auth.user.id,
        account_id: accountId,
      });
    }
    // Following again starts with the bell off; unfollowing takes it away with the follow.
    return { is_followed: follow, followers_count: visible ? followers : 0, bell: false };
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
  const { account, visible } = await seen(ctx, auth, accountId, on);
  const row = await repo.setBell(ctx.db, auth.user.id, accountId, on);
  if (on && !row) throw conflict('follows.bell_needs_follow');
  return {
    is_followed: Boolean(row),
    followers_count: visible ? (account?.followers_count ?? 0) : 0,
    bell: row?.bell ?? false,
  };
}

/**
 * A block ends the follows between the two people, each count moving with its row and each unfollow published
 * like one the follower made (the stored feeds drop the account's posts).
 */
export async function endFollowsBetween(ctx: AppContext, a: number, b: number): Promise<void> {
  await ctx.transaction(async (tx) => {
    for (const gone of await repo.deleteFollowsBetween(tx, a, b)) {
      await repo.bumpFollowers(tx, gone.account_id, -1);
      ctx.events.publish(tx, { type: 'account.unfollowed', actor_id: gone.user_id, account_id: gone.account_id });
    }
  });
}

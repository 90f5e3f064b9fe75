import { sql } from 'drizzle-orm';
import { FOLLOWS_MAX, type FollowAllResult, type FollowResult } from '@inkwell/contracts';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { AppError, conflict, notFound } from '../../platform/errors';
import { accountAccess, findAccount } from '../accounts';
import { refuseIfBlockedWith } from '../safety';
import * as repo from './follows.repo';

const followLimitReached = () => new AppError(409, 'follows.limit', { max: FOLLOWS_MAX });

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
    if (follow && (await repo.followingCount(tx, auth.user.id)) >= FOLLOWS_MAX) throw followLimitReached();
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

/**
 * Follows every one of these accounts the person may see and does not follow yet, in one transaction (a starter
 * pack's "Follow all"): all or none, never past `FOLLOWS_MAX` (409 then), and again changes nothing. Accounts they
 * may not see, or whose owners are in a block with them, are left out, as a follow of each would refuse them.
 */
export async function followMany(ctx: AppContext, auth: AuthContext, accountIds: number[]): Promise<FollowAllResult> {
  return ctx.transaction(async (tx) => {
    // One follow-all at a time per person: two racing ones cannot pass the limit together.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('follows'), ${auth.user.id})`);
    const { fresh, already } = await repo.followable(tx, auth.user.id, accountIds);
    if (fresh.length === 0) return { followed: 0, already };
    if ((await repo.followingCount(tx, auth.user.id)) + fresh.length > FOLLOWS_MAX) throw followLimitReached();
    let followed = 0;
    for (const accountId of fresh) {
      if (!(await repo.insertFollow(tx, auth.user.id, accountId))) continue;
      await repo.bumpFollowers(tx, accountId, 1);
      ctx.events.publish(tx, { type: 'account.followed', actor_id: auth.user.id, account_id: accountId });
      followed += 1;
    }
    return { followed, already: already + fresh.length - followed };
  });
}

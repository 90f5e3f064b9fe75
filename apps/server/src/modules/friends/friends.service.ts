import type { Friend, FriendState, Paged, PageQuery, Person } from '@inkwell/contracts';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { ValidationError, conflict, notFound } from '../../platform/errors';
import type { MessageKey } from '../../platform/i18n';
import { offsetOf, paged, type PageAt } from '../../platform/pagination';
import { iBlockedAny, refuseIfBlockedWith } from '../safety';
import * as repo from './friends.repo';

/** Where `me` stands with the pair's row (none: not friends, nobody asked). */
export function stateOf(me: number, row: repo.FriendshipRow | undefined): FriendState {
  return {
    is_friend: Boolean(row?.accepted_at),
    pending_friend_request: Boolean(row && !row.accepted_at && row.requested_by === me),
    awaiting_friend_request: Boolean(row && !row.accepted_at && row.requested_by !== me),
  };
}

/** Someone I may see and befriend (activated, not suspended); 404 otherwise, as for an id that never was. */
async function personOrNotFound(ctx: AppContext, id: number) {
  const person = await repo.findActivePerson(ctx.db, id);
  if (!person) throw notFound();
  return person;
}

/** Another person's public profile and where I stand with them. */
export async function person(ctx: AppContext, auth: AuthContext, id: number): Promise<Person> {
  const found = await personOrNotFound(ctx, id);
  const me = auth.user.id;
  if (id === me) return { ...found, ...stateOf(me, undefined), is_me: true, is_blocked: false };
  const [pair, blocked] = await Promise.all([repo.findPair(ctx.db, me, id), iBlockedAny(ctx.db, me, [id])]);
  return { ...found, ...stateOf(me, pair), is_me: false, is_blocked: blocked };
}

export interface FriendOutcome {
  message: MessageKey;
  data: Person;
}

/** The other person for a friend action: not myself (422), someone who exists and is active (404). */
async function other(ctx: AppContext, auth: AuthContext, friendId: number) {
  if (friendId === auth.user.id) throw new ValidationError({ friend_id: ['friends.self'] });
  return personOrNotFound(ctx, friendId);
}

const outcome = async (
  ctx: AppContext,
  auth: AuthContext,
  friendId: number,
  message: MessageKey,
): Promise<FriendOutcome> => ({ message, data: await person(ctx, auth, friendId) });

/**
 * Asks `friendId` to be my friend. When they asked me first, this accepts (two people pressing Add at the
 * same moment end up friends: the later insert waits for the earlier one's row and finds their request).
 * 409 when we are friends already or my request is still waiting.
 */
export async function add(ctx: AppContext, auth: AuthContext, friendId: number): Promise<FriendOutcome> {
  await other(ctx, auth, friendId);
  const me = auth.user.id;
  await refuseIfBlockedWith(ctx.db, me, { people: [friendId] });
  const message = await ctx.transaction(async (tx): Promise<MessageKey> => {
    if (await repo.insertRequest(tx, me, friendId)) {
      ctx.events.publish(tx, { type: 'friend.requested', actor_id: me, user_id: friendId });
      return 'friends.requested';
    }
    const row = await repo.lockPair(tx, me, friendId);
    // Gone between the insert and the lock (they withdrew at that instant): nothing is asked yet.
    if (!row) throw conflict();
    if (row.accepted_at) throw conflict('friends.already_friends');
    if (row.requested_by === me) throw conflict('friends.already_requested');
    await repo.acceptPair(tx, me, friendId);
    ctx.events.publish(tx, { type: 'friend.accepted', actor_id: me, user_id: friendId });
    return 'friends.accepted';
  });
  return outcome(ctx, auth, friendId, message);
}

/** Accepts `friendId`'s request; 409 when there is none waiting for me. */
export async function accept(ctx: AppContext, auth: AuthContext, friendId: number): Promise<FriendOutcome> {
  await other(ctx, auth, friendId);
  const me = auth.user.id;
  await refuseIfBlockedWith(ctx.db, me, { people: [friendId] });
  await ctx.transaction(async (tx) => {
    const row = await repo.lockPair(tx, me, friendId);
    if (row?.accepted_at) throw conflict('friends.already_friends');
    if (!row || row.requested_by === me) throw conflict('friends.no_request');
    await repo.acceptPair(tx, me, friendId);
    ctx.events.publish(tx, { type: 'friend.accepted', actor_id: me, user_id: friendId });
  });
  return outcome(ctx, auth, friendId, 'friends.accepted');
}

/** Ends whatever there is between us: a friendship, my request (cancel) or theirs (decline); 409 when nothing. */
export async function remove(ctx: AppContext, auth: AuthContext, friendId: number): Promise<FriendOutcome> {
  await other(ctx, auth, friendId);
  const me = auth.user.id;
  const message = await ctx.transaction(async (tx): Promise<MessageKey> => {
    const row = await repo.lockPair(tx, me, friendId);
    if (!row) throw conflict('friends.nothing_to_remove');
    await repo.deletePair(tx, me, friendId);
    if (row.accepted_at) return 'friends.removed';
    return row.requested_by === me ? 'friends.cancelled' : 'friends.declined';
  });
  return outcome(ctx, auth, friendId, message);
}

const friendItem = (r: repo.PairedPerson): Friend => ({
  id: r.id,
  name: r.name,
  username: r.username,
  profile_url: r.profile_url,
  since: r.since.toISOString(),
});

export async function list(
  ctx: AppContext,
  auth: AuthContext,
  kind: 'friends' | 'requests',
  query: PageQuery,
  at: PageAt,
): Promise<Paged<Friend>> {
  const { rows, total } = await repo.listPaired(ctx.db, auth.user.id, kind, query.per_page, offsetOf(query));
  return paged(rows.map(friendItem), total, query, at);
}

/** Whether the two are friends (chat and search ask). */
export async function areFriends(ctx: AppContext, a: number, b: number): Promise<boolean> {
  return Boolean((await repo.findPair(ctx.db, a, b))?.accepted_at);
}

/** A block ends a friendship between the two, or a request either made. */
export async function endBetween(ctx: AppContext, a: number, b: number): Promise<void> {
  await ctx.transaction((tx) => repo.deletePair(tx, a, b));
}

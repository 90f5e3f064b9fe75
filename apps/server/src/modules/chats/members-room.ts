import { and, eq } from 'drizzle-orm';
import { chatMembers, chatRooms } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import * as repo from './chats.repo';

/*
 * Each creator account with members gets one group room for them (`m:<account>`, made when its first member
 * joins), where its owners speak as the account. A live pass keeps a member in it; a pass that ends takes them
 * out, and `chat.member_left` closes their sockets' subscription to it (realtime).
 */

const keyOf = (accountId: number) => `m:${accountId}`;

/** Puts the member in the account's members' room, making the room (with the owners) the first time. */
export async function joinMembersRoom(ctx: AppContext, accountId: number, userId: number): Promise<number> {
  return ctx.transaction(async (tx) => {
    const owners = await repo.accountOwners(tx, accountId);
    const { roomId } = await repo.createRoom(tx, {
      account_id: accountId,
      is_group: true,
      direct_key: keyOf(accountId),
      created_by: userId,
      members: owners.map((id) => ({ user_id: id, as_account: true })),
    });
    await tx.insert(chatMembers).values({ room_id: roomId, user_id: userId, as_account: false }).onConflictDoNothing();
    return roomId;
  });
}

/** Takes a member whose pass ended out of the account's members' room (nothing when they are not in it). */
export async function leaveMembersRoom(ctx: AppContext, accountId: number, userId: number): Promise<void> {
  await ctx.transaction(async (tx) => {
    const [room] = await tx
      .select({ id: chatRooms.id })
      .from(chatRooms)
      .where(eq(chatRooms.direct_key, keyOf(accountId)));
    if (!room) return;
    const gone = await tx
      .delete(chatMembers)
      .where(and(eq(chatMembers.room_id, room.id), eq(chatMembers.user_id, userId), eq(chatMembers.as_account, false)))
      .returning({ id: chatMembers.user_id });
    if (gone.length)
      ctx.events.publish(tx, { type: 'chat.member_left', actor_id: userId, room_id: room.id, user_id: userId });
  });
}

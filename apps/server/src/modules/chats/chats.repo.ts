import { and, desc, eq, gt, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect';
import { accountUsers, accounts, chatMembers, chatMessages, chatRooms, users } from '../../db/schema';
import { iBlockedSql } from '../../db/safety';

type Conn = Db | Tx;

/** A room and how the viewer stands in it. */
export interface RoomFacts {
  id: number;
  account_id: number | null;
  is_group: boolean;
  messages_count: number;
  last_message_id: number | null;
  /** The viewer has a membership row. */
  member: boolean;
  /** The viewer is in the room for its account. */
  as_account: boolean;
  /** The viewer owns the room's account (may join it as the account even if they became owner later). */
  account_owner: boolean;
}

export async function roomFacts(db: Conn, roomId: number, userId: number): Promise<RoomFacts | undefined> {
  const [row] = await db
    .select({
      id: chatRooms.id,
      account_id: chatRooms.account_id,
      is_group: chatRooms.is_group,
      messages_count: chatRooms.messages_count,
      last_message_id: chatRooms.last_message_id,
      member: sql<boolean>`${chatMembers.user_id} is not null`,
      as_account: sql<boolean>`coalesce(${chatMembers.as_account}, false)`,
      account_owner: sql<boolean>`exists (
        select 1 from ${accountUsers} au
        where au.account_id = ${chatRooms.account_id} and au.user_id = ${userId} and au.role = 'owner'
      )`,
    })
    .from(chatRooms)
    .leftJoin(chatMembers, and(eq(chatMembers.room_id, chatRooms.id), eq(chatMembers.user_id, userId)))
    .where(eq(chatRooms.id, roomId))
    .limit(1);
  return row;
}

/** Makes an account owner who was not in the room yet a member of it, as the account. */
export async function joinAsAccount(db: Conn, roomId: number, userId: number): Promise<void> {
  await db
    .insert(chatMembers)
    .values({ room_id: roomId, user_id: userId, as_account: true })
    .onConflictDoUpdate({ target: [chatMembers.room_id, chatMembers.user_id], set: { as_account: true } });
}

/** Active people (activated, not suspended) among `ids`. */
export async function activePeople(db: Conn, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(inArray(users.id, ids), sql`${users.email_verified_at} is not null`, sql`${users.suspended_at} is null`),
    );
  return rows.map((r) => r.id);
}

export async function accountOwners(db: Conn, accountId: number): Promise<number[]> {
  const rows = await db
    .select({ id: accountUsers.user_id })
    .from(accountUsers)
    .where(and(eq(accountUsers.account_id, accountId), eq(accountUsers.role, 'owner')));
  return rows.map((r) => r.id);
}

export interface NewRoom {
  account_id: number | null;
  is_group: boolean;
  direct_key: string | null;
  created_by: number;
  members: { user_id: number; as_account: boolean }[];
}

/**
 * Creates the room with its members, or finds the room already made for the same pair (`direct_key`):
 * two people opening the same chat at once get one room.
 */
export async function createRoom(tx: Tx, room: NewRoom): Promise<{ roomId: number; created: boolean }> {
  const [inserted] = await tx
    .insert(chatRooms)
    .values({
      account_id: room.account_id,
      is_group: room.is_group,
      direct_key: room.direct_key,
      created_by: room.created_by,
    })
    .onConflictDoNothing()
    .returning({ id: chatRooms.id });
  if (!inserted) {
    const [existing] = await tx
      .select({ id: chatRooms.id })
      .from(chatRooms)
      .where(eq(chatRooms.direct_key, room.direct_key!))
      .limit(1);
    return { roomId: existing!.id, created: false };
  }
  await tx
    .insert(chatMembers)
    .values(room.members.map((m) => ({ room_id: inserted.id, user_id: m.user_id, as_account: m.as_account })))
    .onConflictDoNothing();
  return { roomId: inserted.id, created: true };
}

export interface NewMessage {
  room_id: number;
  user_id: number;
  is_account: boolean;
  body: string | null;
  image_url: string | null;
}

/**
 * Stores a message and keeps the room's counts with it: the room's total and last message, each other
 * member's unread count and everyone's activity time (their list's order). The sender has read the room.
 */
export async function insertMessage(tx: Tx, message: NewMessage): Promise<number> {
  const [row] = await tx.insert(chatMessages).values(message).returning({ id: chatMessages.id });
  const id = row!.id;
  await tx
    .update(chatRooms)
    .set({ messages_count: sql`${chatRooms.messages_count} + 1`, last_message_id: id })
    .where(eq(chatRooms.id, message.room_id));
  await tx
    .update(chatMembers)
    .set({
      unread_count: sql`case when ${chatMembers.user_id} = ${message.user_id} then 0 else ${chatMembers.unread_count} + 1 end`,
      last_read_message_id: sql`case when ${chatMembers.user_id} = ${message.user_id} then ${id} else ${chatMembers.last_read_message_id} end`,
      last_activity_at: sql`now()`,
    })
    .where(eq(chatMembers.room_id, message.room_id));
  return id;
}

/** A message as it is shown: the sender's name and picture, or the account's for a message written as it. */
const messageColumns = {
  id: chatMessages.id,
  room_id: chatMessages.room_id,
  from: chatMessages.user_id,
  user_name: users.name,
  user_profile_url: users.profile_url,
  account_name: accounts.name,
  account_profile_url: accounts.profile_url,
  is_account: chatMessages.is_account,
  message: chatMessages.body,
  image: chatMessages.image_url,
  date: chatMessages.created_at,
};

export type MessageRow = {
  id: number;
  room_id: number;
  from: number | null;
  user_name: string | null;
  user_profile_url: string | null;
  account_name: string | null;
  account_profile_url: string | null;
  is_account: boolean;
  message: string | null;
  image: string | null;
  date: Date;
};

const messagesFrom = (db: Conn) =>
  db
    .select(messageColumns)
    .from(chatMessages)
    .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.room_id))
    .leftJoin(users, eq(users.id, chatMessages.user_id))
    .leftJoin(accounts, and(eq(chatMessages.is_account, true), eq(accounts.id, chatRooms.account_id)));

export async function messageById(db: Conn, id: number): Promise<MessageRow | undefined> {
  const [row] = await messagesFrom(db).where(eq(chatMessages.id, id)).limit(1);
  return row;
}

export async function messagesByIds(db: Conn, ids: number[]): Promise<MessageRow[]> {
  if (ids.length === 0) return [];
  return messagesFrom(db).where(inArray(chatMessages.id, ids));
}

/** One page counted back from the newest (or from before `before`), read newest first off the room's index. */
export async function messagePage(
  db: Conn,
  roomId: number,
  limit: number,
  offset: number,
  before?: number,
): Promise<MessageRow[]> {
  return messagesFrom(db)
    .where(and(eq(chatMessages.room_id, roomId), before ? lt(chatMessages.id, before) : undefined))
    .orderBy(desc(chatMessages.id))
    .limit(limit)
    .offset(offset);
}

/** Messages of the room at or after `from` (the few newer than a client's anchor), counted off the index. */
export async function countFrom(db: Conn, roomId: number, from: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(and(eq(chatMessages.room_id, roomId), gte(chatMessages.id, from)));
  return row?.n ?? 0;
}

export async function messagesAfter(db: Conn, roomId: number, after: number, limit: number): Promise<MessageRow[]> {
  return messagesFrom(db)
    .where(and(eq(chatMessages.room_id, roomId), gt(chatMessages.id, after)))
    .orderBy(chatMessages.id)
    .limit(limit);
}

/** The people in the rooms, with the side they are on. */
export async function membersOf(db: Conn, roomIds: number[]) {
  if (roomIds.length === 0) return [];
  return db
    .select({
      room_id: chatMembers.room_id,
      id: users.id,
      name: users.name,
      username: users.username,
      profile_url: users.profile_url,
      as_account: chatMembers.as_account,
    })
    .from(chatMembers)
    .innerJoin(users, eq(users.id, chatMembers.user_id))
    .where(inArray(chatMembers.room_id, roomIds))
    .orderBy(chatMembers.room_id, chatMembers.joined_at, users.id);
}

export async function accountsByIds(db: Conn, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: accounts.id, name: accounts.name, username: accounts.username, profile_url: accounts.profile_url })
    .from(accounts)
    .where(inArray(accounts.id, ids));
}

/** A two-sided room with someone I blocked leaves my list (a group stays: others are in it too). */
const notBlockedRoom = (userId: number) =>
  sql`not (not ${chatRooms.is_group} and exists (
        select 1 from chat_members o where o.room_id = ${chatMembers.room_id} and o.user_id <> ${userId}
          and ${iBlockedSql(userId, 'o.user_id')}))`;

/** My rooms, newest activity first (`chat_members_user_activity_idx`), with the total. */
export async function myRooms(db: Conn, userId: number, limit: number, offset: number) {
  const [rows, counted] = await Promise.all([
    db
      .select({
        room_id: chatMembers.room_id,
        unread: chatMembers.unread_count,
        as_account: chatMembers.as_account,
        updated_at: chatMembers.last_activity_at,
        account_id: chatRooms.account_id,
        is_group: chatRooms.is_group,
        last_message_id: chatRooms.last_message_id,
      })
      .from(chatMembers)
      .innerJoin(chatRooms, eq(chatRooms.id, chatMembers.room_id))
      .where(and(eq(chatMembers.user_id, userId), notBlockedRoom(userId)))
      .orderBy(desc(chatMembers.last_activity_at), desc(chatMembers.room_id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(chatMembers)
      .innerJoin(chatRooms, eq(chatRooms.id, chatMembers.room_id))
      .where(and(eq(chatMembers.user_id, userId), notBlockedRoom(userId))),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}

export async function markRead(db: Conn, roomId: number, userId: number): Promise<void> {
  await db
    .update(chatMembers)
    .set({
      unread_count: 0,
      last_read_message_id: sql`coalesce((select ${chatRooms.last_message_id} from ${chatRooms} where ${chatRooms.id} = ${roomId}), 0)`,
    })
    .where(and(eq(chatMembers.room_id, roomId), eq(chatMembers.user_id, userId)));
}

/** Unread messages over all my rooms, summed from the rooms that have any (`chat_members_user_unread_idx`). */
export async function unreadTotal(db: Conn, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${chatMembers.unread_count}), 0)::int` })
    .from(chatMembers)
    .where(and(eq(chatMembers.user_id, userId), gt(chatMembers.unread_count, 0)));
  return row?.n ?? 0;
}

/** Everyone in the room but `except` (who should hear of a new message). */
export async function otherMembers(db: Conn, roomId: number, except: number | null): Promise<number[]> {
  const rows = await db
    .select({ id: chatMembers.user_id })
    .from(chatMembers)
    .where(and(eq(chatMembers.room_id, roomId), except ? ne(chatMembers.user_id, except) : undefined));
  return rows.map((r) => r.id);
}

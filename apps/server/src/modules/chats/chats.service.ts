import {
  GROUP_CHAT_GREETING,
  type ChatAccount,
  type ChatMessage,
  type ChatRoomResponse,
  type ChatRoomSummary,
  type ChatUser,
  type CreateChatResponse,
  type MissedMessagesResponse,
  type PageQuery,
  type ParsedBody,
  type ParsedQuery,
  type chatsApi,
} from '@inkwell/contracts';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { ValidationError, notFound } from '../../platform/errors';
import { offsetOf, pageMeta, paged, type PageAt } from '../../platform/pagination';
import { accountAccess, findAccount } from '../accounts';
import { refuseIfBlockedWith } from '../safety';
import { markAttached, ownUpload } from '../media';
import * as repo from './chats.repo';
import { requireRoom, roomAccess, type RoomAccess } from './chats.policy';

/** How many missed messages one catch-up call answers. */
const MISSED_LIMIT = 100;

export function toMessage(row: repo.MessageRow): ChatMessage {
  return {
    id: row.id,
    room_id: row.room_id,
    from: row.from,
    from_name: (row.is_account ? row.account_name : row.user_name) ?? '',
    from_profile_url: row.is_account ? row.account_profile_url : row.user_profile_url,
    message: row.message,
    image: row.image,
    date: row.date.toISOString(),
    is_account: row.is_account,
  };
}

/** The room as the viewer may use it (403 otherwise); an owner of its account joins it on first use. */
async function enter(ctx: AppContext, auth: AuthContext, roomId: number) {
  const facts = await repo.roomFacts(ctx.db, roomId, auth.user.id);
  const access = roomAccess(facts);
  requireRoom(access);
  if (access.must_join) await repo.joinAsAccount(ctx.db, roomId, auth.user.id);
  return { facts: facts!, access };
}

/** Whether the person may hold the room's channel (broadcasting auth, each subscribe, a membership's end). */
export async function mayJoinRoom(ctx: AppContext, userId: number, roomId: number): Promise<boolean> {
  return roomAccess(await repo.roomFacts(ctx.db, roomId, userId)).allowed;
}

/**
 * The people shown for a room: the other side of it. A customer of an account sees the account, not the
 * owners who answer for it; the owners see the customer; in other rooms, everyone but me.
 */
function otherSide(members: Awaited<ReturnType<typeof repo.membersOf>>, me: number): ChatUser[] {
  return members
    .filter((m) => m.id !== me && !m.as_account)
    .map(({ id, name, username, profile_url }) => ({ id, name, username, profile_url }));
}

export async function list(ctx: AppContext, auth: AuthContext, query: PageQuery, at: PageAt) {
  const me = auth.user.id;
  const { rows, total } = await repo.myRooms(ctx.db, me, query.per_page, offsetOf(query));
  // The page's rooms are decorated with three queries, whatever their number.
  const [members, lastMessages, accountRows] = await Promise.all([
    repo.membersOf(
      ctx.db,
      rows.map((r) => r.room_id),
    ),
    repo.messagesByIds(
      ctx.db,
      rows.map((r) => r.last_message_id).filter((id): id is number => id !== null),
    ),
    repo.accountsByIds(ctx.db, [...new Set(rows.map((r) => r.account_id).filter((id): id is number => id !== null))]),
  ]);
  const last = new Map(lastMessages.map((m) => [m.id, toMessage(m)]));
  const accountById = new Map<number, ChatAccount>(accountRows.map((a) => [a.id, a]));
  const data = rows.map((r): ChatRoomSummary => {
    const message = r.last_message_id ? last.get(r.last_message_id) : undefined;
    return {
      roomId: r.room_id,
      lastMessage: message
        ? {
            from: message.from,
            from_name: message.from_name,
            message: message.message,
            image: message.image,
            date: message.date,
          }
        : null,
      users: otherSide(
        members.filter((m) => m.room_id === r.room_id),
        me,
      ),
      account: r.account_id ? (accountById.get(r.account_id) ?? null) : null,
      as_account: r.as_account,
      is_group: r.is_group,
      unread: r.unread,
      updated_at: r.updated_at.toISOString(),
    };
  });
  return paged(data, total, query, at);
}

/**
 * Opens a chat. With a creator account: its owners answer as the account (one room per person and account).
 * With people: one of them is a 1:1 room, reused when it exists; more make a new group, which opens with
 * the greeting. Everyone named must be an active person (422 otherwise).
 */
export async function create(
  ctx: AppContext,
  auth: AuthContext,
  body: ParsedBody<typeof chatsApi.create>,
): Promise<CreateChatResponse> {
  const me = auth.user.id;
  if (body.isAccount) {
    const account = await findAccount(ctx.db, body.accountId!, me);
    if (!account || !accountAccess(auth, account).public) throw notFound();
    if (accountAccess(auth, account).owner) throw new ValidationError({ accountId: ['chats.own_account'] });
    const owners = await repo.accountOwners(ctx.db, account.id);
    if (owners.length === 0) throw new ValidationError({ accountId: ['chats.account_unavailable'] });
    await refuseIfBlockedWith(ctx.db, me, { accountId: account.id });
    return ctx.transaction((tx) =>
      repo.createRoom(tx, {
        account_id: account.id,
        is_group: false,
        direct_key: `a:${account.id}:u:${me}`,
        created_by: me,
        members: [{ user_id: me, as_account: false }, ...owners.map((id) => ({ user_id: id, as_account: true }))],
      }),
    );
  }

  const others = body.userIds.filter((id) => id !== me);
  if (others.length === 0) throw new ValidationError({ userIds: ['validation.required'] });
  const active = new Set(await repo.activePeople(ctx.db, others));
  if (others.some((id) => !active.has(id))) throw new ValidationError({ userIds: ['chats.person_unavailable'] });
  await refuseIfBlockedWith(ctx.db, me, { people: others });
  const members = [me, ...others].map((user_id) => ({ user_id, as_account: false }));
  if (others.length === 1) {
    const [low, high] = [me, others[0]!].sort((a, b) => a - b);
    return ctx.transaction((tx) =>
      repo.createRoom(tx, {
        account_id: null,
        is_group: false,
        direct_key: `u:${low}:${high}`,
        created_by: me,
        members,
      }),
    );
  }
  return ctx.transaction(async (tx) => {
    const room = await repo.createRoom(tx, {
      account_id: null,
      is_group: true,
      direct_key: null,
      created_by: me,
      members,
    });
    const messageId = await repo.insertMessage(tx, {
      room_id: room.roomId,
      user_id: me,
      is_account: false,
      body: GROUP_CHAT_GREETING,
      image_url: null,
    });
    ctx.events.publish(tx, { type: 'chat.message_created', actor_id: me, room_id: room.roomId, message_id: messageId });
    return room;
  });
}

/** The room's people and account, as its screen shows them. */
async function roomHeader(ctx: AppContext, me: number, facts: repo.RoomFacts, access: RoomAccess) {
  const [members, accountRows] = await Promise.all([
    repo.membersOf(ctx.db, [facts.id]),
    repo.accountsByIds(ctx.db, facts.account_id ? [facts.account_id] : []),
  ]);
  return {
    users: otherSide(members, me),
    account: accountRows[0] ?? null,
    as_account: access.as_account,
    is_group: facts.is_group,
  };
}

/**
 * A page of the room: page 1 is the newest messages, later pages go back in time; each page runs oldest to
 * newest. Counted from `before` when given, so messages arriving while someone scrolls back shift nothing.
 */
export async function room(
  ctx: AppContext,
  auth: AuthContext,
  roomId: number,
  query: ParsedQuery<typeof chatsApi.room>,
  at: PageAt,
): Promise<ChatRoomResponse> {
  const { facts, access } = await enter(ctx, auth, roomId);
  const newer = query.before ? await repo.countFrom(ctx.db, roomId, query.before) : 0;
  const total = Math.max(0, facts.messages_count - newer);
  const [rows, header] = await Promise.all([
    repo.messagePage(ctx.db, roomId, query.per_page, offsetOf(query), query.before),
    roomHeader(ctx, auth.user.id, facts, access),
  ]);
  const meta = pageMeta({ page: query.page, perPage: query.per_page, total, ...at });
  return {
    data: { messages: rows.reverse().map(toMessage), total_pages: meta.last_page },
    meta,
    ...header,
  };
}

/** What came after the newest message a client holds (after a lost connection), oldest first. */
export async function missed(
  ctx: AppContext,
  auth: AuthContext,
  roomId: number,
  after: number,
): Promise<MissedMessagesResponse> {
  await enter(ctx, auth, roomId);
  const rows = await repo.messagesAfter(ctx.db, roomId, after, MISSED_LIMIT + 1);
  return { data: rows.slice(0, MISSED_LIMIT).map(toMessage), has_more: rows.length > MISSED_LIMIT };
}

/**
 * Sends a message: plain text, one picture (an upload of the sender's own), or both. An owner of the room's
 * account writes as the account.
 */
export async function send(
  ctx: AppContext,
  auth: AuthContext,
  roomId: number,
  body: ParsedBody<typeof chatsApi.send>,
): Promise<ChatMessage> {
  const { facts, access } = await enter(ctx, auth, roomId);
  const me = auth.user.id;
  // A chat between two sides ends with a block (a group goes on: nobody there is reached alone).
  if (!facts.is_group)
    await refuseIfBlockedWith(
      ctx.db,
      me,
      { people: await repo.otherMembers(ctx.db, roomId, me) },
      'safety.blocked_chat',
    );
  const key = body.image ? ctx.storage.keyOf(body.image) : undefined;
  if (body.image && (await ownUpload(ctx.db, key, me, 'image')) !== 'ok') {
    throw new ValidationError({ image: ['chats.image_not_yours'] });
  }
  const id = await ctx.transaction(async (tx) => {
    if (key) await markAttached(tx, [key]);
    const messageId = await repo.insertMessage(tx, {
      room_id: roomId,
      user_id: me,
      is_account: access.as_account,
      body: body.message,
      image_url: body.image,
    });
    ctx.events.publish(tx, { type: 'chat.message_created', actor_id: me, room_id: roomId, message_id: messageId });
    return messageId;
  });
  return toMessage((await repo.messageById(ctx.db, id))!);
}

/** Marks the room read for me; answers my unread count over all rooms. */
export async function read(ctx: AppContext, auth: AuthContext, roomId: number): Promise<number> {
  await enter(ctx, auth, roomId);
  await repo.markRead(ctx.db, roomId, auth.user.id);
  return repo.unreadTotal(ctx.db, auth.user.id);
}

export const unread = (ctx: AppContext, auth: AuthContext): Promise<number> => repo.unreadTotal(ctx.db, auth.user.id);

export interface Delivery {
  message: ChatMessage;
  /** Everyone in the room but its sender. */
  recipients: number[];
}

/** How long a delivery stays at hand for the other subscribers of the same event. */
const DELIVERY_MEMO_MS = 10_000;
const deliveries = new WeakMap<AppContext, Map<number, Promise<Delivery | undefined>>>();

/**
 * A message as the room shows it, and the room's people who should hear of it. Several subscribers hear the
 * same `chat.message_created` (the room's channel, the notifications): they share one read of it.
 */
export function messageForDelivery(ctx: AppContext, messageId: number): Promise<Delivery | undefined> {
  let memo = deliveries.get(ctx);
  if (!memo) deliveries.set(ctx, (memo = new Map()));
  const known = memo.get(messageId);
  if (known) return known;
  const loading = (async () => {
    const row = await repo.messageById(ctx.db, messageId);
    if (!row) return undefined;
    return { message: toMessage(row), recipients: await repo.otherMembers(ctx.db, row.room_id, row.from) };
  })();
  memo.set(messageId, loading);
  setTimeout(() => memo.delete(messageId), DELIVERY_MEMO_MS).unref();
  return loading;
}

import { z } from 'zod';
import { Id, MAX_ID, PageMeta, PageQuery, Timestamp, paged } from './common';
import { CHAT_MAX_INVITEES, CHAT_MESSAGE_MAX_LENGTH, CHAT_PAGE_SIZE } from './constants';
import { endpoint } from './endpoint';
import { MediaUrl } from './fields';
import { PublicUser } from './users';

/** A person in a chat. */
export const ChatUser = PublicUser;
export type ChatUser = z.infer<typeof ChatUser>;

/** The creator account a chat is held with: its owners answer as the account. */
export const ChatAccount = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  profile_url: z.string().nullable(),
});
export type ChatAccount = z.infer<typeof ChatAccount>;

/**
 * One message. `from` is the sender's user id; a message an account owner wrote as the account has
 * `is_account` and carries the account's name and picture. Text is plain text (escape it when shown).
 */
export const ChatMessage = z.object({
  id: z.number().int(),
  room_id: z.number().int(),
  from: z.number().int().nullable(),
  from_name: z.string(),
  from_profile_url: z.string().nullable(),
  message: z.string().nullable(),
  image: z.string().nullable(),
  date: Timestamp,
  is_account: z.boolean(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

/** A room in my list: the others in it, its last message and how many messages I have not read. */
export const ChatRoomSummary = z.object({
  roomId: z.number().int(),
  lastMessage: z
    .object({
      from: z.number().int().nullable(),
      from_name: z.string(),
      message: z.string().nullable(),
      image: z.string().nullable(),
      date: Timestamp,
    })
    .nullable(),
  /** Everyone in the room but me. */
  users: z.array(ChatUser),
  account: ChatAccount.nullable(),
  /** I am in the room for the account (one of its owners). */
  as_account: z.boolean(),
  is_group: z.boolean(),
  unread: z.number().int(),
  updated_at: Timestamp,
});
export type ChatRoomSummary = z.infer<typeof ChatRoomSummary>;

export const CreateChatBody = z
  .object({
    /** The people to talk with (not me); one for a 1:1 chat, more for a group. */
    userIds: z
      .array(z.coerce.number().int().min(1).max(MAX_ID))
      .max(CHAT_MAX_INVITEES)
      .default([])
      .transform((ids) => [...new Set(ids)]),
    /** Talk with a creator account (its owners answer) instead of people. */
    isAccount: z.boolean().default(false),
    accountId: Id.optional(),
  })
  .refine((v) => !v.isAccount || v.accountId !== undefined, { path: ['accountId'], error: 'validation.required' })
  .refine((v) => v.isAccount || v.userIds.length > 0, { path: ['userIds'], error: 'validation.required' });
export type CreateChatBody = z.input<typeof CreateChatBody>;

export const CreateChatResponse = z.object({
  roomId: z.number().int(),
  /** False when an existing 1:1 (or account) room was reused. */
  created: z.boolean(),
});
export type CreateChatResponse = z.infer<typeof CreateChatResponse>;

export const ChatRoomParams = z.object({ roomId: Id });

export const ChatRoomQuery = PageQuery.extend({
  per_page: z.coerce.number().int().min(1).max(100).default(CHAT_PAGE_SIZE),
  /**
   * Pages counted back from this message (exclusive): the newest id the client had when it opened the room,
   * so messages arriving meanwhile do not shift the earlier pages.
   */
  before: Id.optional(),
});
export type ChatRoomQuery = z.input<typeof ChatRoomQuery>;

/**
 * A page of a room: page 1 holds the newest messages, the last page the oldest; each page's messages run
 * oldest to newest.
 */
export const ChatRoomResponse = z.object({
  data: z.object({ messages: z.array(ChatMessage), total_pages: z.number().int() }),
  users: z.array(ChatUser),
  meta: PageMeta,
  account: ChatAccount.nullable(),
  as_account: z.boolean(),
  is_group: z.boolean(),
});
export type ChatRoomResponse = z.infer<typeof ChatRoomResponse>;

export const MissedMessagesQuery = z.object({
  /** The newest message the client holds: the answer is what came after it, oldest first. */
  after: z.coerce.number().int().min(0).max(MAX_ID),
});

export const MissedMessagesResponse = z.object({
  data: z.array(ChatMessage),
  /** More came after these: ask again from the last one. */
  has_more: z.boolean(),
});
export type MissedMessagesResponse = z.infer<typeof MissedMessagesResponse>;

export const SendMessageBody = z
  .object({
    message: z
      .string()
      .max(CHAT_MESSAGE_MAX_LENGTH)
      .optional()
      .nullable()
      .transform((v) => (v && v.trim() ? v : null)),
    image: MediaUrl.optional()
      .nullable()
      .transform((v) => v || null),
  })
  .refine((v) => v.message !== null || v.image !== null, { path: ['message'], error: 'chats.empty_message' });
export type SendMessageBody = z.input<typeof SendMessageBody>;

export const SendMessageResponse = z.object({ data: ChatMessage });

export const UnreadChats = z.object({ unread_count: z.number().int() });
export type UnreadChats = z.infer<typeof UnreadChats>;

const tags = ['Chat'] as const;

export const chatsApi = {
  list: endpoint({
    method: 'GET',
    path: '/chats',
    query: PageQuery,
    response: paged(ChatRoomSummary),
    summary: 'My chat rooms, newest activity first, with their last message and my unread count',
    tags,
  }),
  create: endpoint({
    method: 'POST',
    path: '/chats',
    body: CreateChatBody,
    response: CreateChatResponse,
    summary: 'Open a chat with people or with a creator account (an existing 1:1 room is reused)',
    tags,
  }),
  unread: endpoint({
    method: 'GET',
    path: '/chats/unread',
    response: UnreadChats,
    summary: 'How many chat messages I have not read, over all my rooms',
    tags,
  }),
  room: endpoint({
    method: 'GET',
    path: '/chats/:roomId',
    params: ChatRoomParams,
    query: ChatRoomQuery,
    response: ChatRoomResponse,
    summary: 'A page of a room’s messages (page 1 is the newest), its people and account',
    tags,
  }),
  missed: endpoint({
    method: 'GET',
    path: '/chats/:roomId/messages',
    params: ChatRoomParams,
    query: MissedMessagesQuery,
    response: MissedMessagesResponse,
    summary: 'The messages after a given one, oldest first (catching up after a lost connection)',
    tags,
  }),
  send: endpoint({
    method: 'POST',
    path: '/chats/:roomId/messages',
    params: ChatRoomParams,
    body: SendMessageBody,
    response: SendMessageResponse,
    status: 201,
    summary: 'Send a message: text, one image (an uploaded photo’s url), or both',
    tags,
  }),
  read: endpoint({
    method: 'POST',
    path: '/chats/:roomId/read',
    params: ChatRoomParams,
    response: UnreadChats,
    summary: 'Mark a room read; answers my unread count over all rooms',
    tags,
  }),
} as const;

import { z } from 'zod';
import { ChatMessage } from './chats';
import { endpoint } from './endpoint';
import { MEDIA_STATUSES } from './media';

/**
 * The realtime protocol (API.md): Socket.IO at `/socket.io`, WebSocket transport, private channels joined
 * with a signature from `POST /broadcasting/auth`. A client outside this repo speaks it, so names and shapes
 * here are the protocol.
 */
export const SOCKET_PATH = '/socket.io';

export const notificationsChannel = (userId: number): string => `private-notifications.${userId}`;
export const chatRoomChannel = (roomId: number): string => `private-chats.room.${roomId}`;

const CHANNEL_PATTERN = /^private-(notifications|chats\.room)\.([1-9][0-9]{0,9})$/;

/** The channel's kind and id, or null for a name that is no channel of ours. */
export function parseChannel(name: string): { kind: 'notifications' | 'chat_room'; id: number } | null {
  const match = CHANNEL_PATTERN.exec(name);
  if (!match) return null;
  const id = Number(match[2]);
  if (id > 2_147_483_647) return null;
  return { kind: match[1] === 'notifications' ? 'notifications' : 'chat_room', id };
}

export const ChannelName = z
  .string()
  .max(64)
  .refine((v) => parseChannel(v) !== null, { error: 'realtime.unknown_channel' });

export const BroadcastingAuthBody = z.object({
  socket_id: z.string().trim().min(1).max(64),
  channel_name: ChannelName,
});
export type BroadcastingAuthBody = z.input<typeof BroadcastingAuthBody>;

export const BroadcastingAuthResponse = z.object({
  /** Hex HMAC-SHA256 of `socket_id:channel_name` with the app secret. */
  auth: z.string(),
});
export type BroadcastingAuthResponse = z.infer<typeof BroadcastingAuthResponse>;

/** Client → server. */
export const SubscribeMessage = z.object({ channel: z.string().max(64), auth: z.string().max(128) });
export type SubscribeMessage = z.infer<typeof SubscribeMessage>;
export const UnsubscribeMessage = z.object({ channel: z.string().max(64) });
export type UnsubscribeMessage = z.infer<typeof UnsubscribeMessage>;
export const SubscribeAck = z.object({ ok: z.boolean(), message: z.string().optional() });
export type SubscribeAck = z.infer<typeof SubscribeAck>;

/** The push form of a notification (spec §3), as the in-app toast and the badges read it. */
export const NotificationNotice = z.object({
  body: z.string(),
  type: z.string(),
  icon: z.string(),
  /** `chat` for a chat message: it raises the Chats badge by one. */
  tag: z.string(),
  /** The person's unread notifications: the badge is set to it. */
  unread_count: z.number().int(),
  url: z.string(),
  title: z.string(),
  badge: z.string(),
});
export type NotificationNotice = z.infer<typeof NotificationNotice>;

/**
 * The spec's wire names for a notification arriving on a socket: the event `SendPushNotification` carrying a
 * `redisNotification`. Neither is Web Push nor Redis; the code says `NOTIFICATION_EVENT` and `NotificationNotice`.
 */
export const NOTIFICATION_EVENT = 'SendPushNotification';

/** Server → client, each with the channel it was sent on. */
export const RealtimeEvents = {
  [NOTIFICATION_EVENT]: z.object({ channel: z.string(), redisNotification: NotificationNotice }),
  ChatMessageSent: z.object({ channel: z.string(), chatMessage: z.union([ChatMessage, z.array(ChatMessage)]) }),
  /**
   * One of the person's audio or video uploads moved on (on `private-notifications.{userId}`, so only its
   * uploader hears it): its transcode progress, or its end. The URL and any error come from `GET
   * /upload/check`, in the asker's language; this only says when to ask.
   */
  MediaStatusChanged: z.object({
    channel: z.string(),
    file: z.string(),
    status: z.enum(MEDIA_STATUSES),
    progress: z.number().int().min(0).max(100),
  }),
} as const;
export type RealtimeEventName = keyof typeof RealtimeEvents;
export type RealtimeEvent<N extends RealtimeEventName> = z.infer<(typeof RealtimeEvents)[N]>;

export const realtimeApi = {
  auth: endpoint({
    method: 'POST',
    path: '/broadcasting/auth',
    body: BroadcastingAuthBody,
    response: BroadcastingAuthResponse,
    summary: 'Sign a socket’s subscription to a private channel that is the caller’s',
    tags: ['Chat'],
  }),
} as const;

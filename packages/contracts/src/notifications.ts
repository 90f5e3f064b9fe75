import { z } from 'zod';
import { Id, PageMeta, PageQuery, Timestamp } from './common';
import { endpoint } from './endpoint';

/**
 * What a notification is about. Each kind can be turned on or off by the person, for the in-app list (with
 * its toast and badge) and for Web Push apart.
 */
export const NOTIFICATION_KINDS = [
  'like',
  'comment',
  'reply',
  'follow',
  'friend_request',
  'friend_accepted',
  'chat',
  'new_post',
  'subscription',
  'approval',
  'moderation',
  'report_resolved',
  /** To a member: their pass ends soon, or ended. */
  'membership',
  /** To a creator account's owners: a reader joined, renewed or sent a tip. */
  'supporter',
  /** To a creator account's owners: a payout was paid or rejected. */
  'payout',
  /** Someone named me (or an account I own) with an @mention in a post or comment I may see. */
  'mention',
  /** Weekly: new posts from accounts I may like (off until the person turns it on). */
  'digest',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Kinds that are off until the person turns them on (every other kind is on until turned off). */
export const NOTIFICATIONS_OFF_BY_DEFAULT: readonly NotificationKind[] = ['digest'];

/** Likes on one post (or comment) within this time become one notification: "Aye Chan and 4 others liked…". */
export const LIKE_GROUP_MINUTES = 60;
/** A subscription or trial is announced as ending this many days before it does. */
export const SUBSCRIPTION_ENDING_NOTICE_DAYS = 3;

export const NotificationActor = z.object({
  id: z.number().int(),
  name: z.string(),
  profile_url: z.string().nullable(),
});

/** One notification, written in the recipient's language when it was made (plain text: escape when shown). */
export const Notification = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  icon: z.string(),
  /** Where opening it goes (a path of the app). */
  url: z.string(),
  /** `chat` for chat messages; others are named after what they are about (`post-12`), so a device keeps one. */
  tag: z.string(),
  /** Who acted last, when a person did (null for the platform: subscriptions, approvals). */
  actor: NotificationActor.nullable(),
  /** People behind a grouped notification (likes within an hour, messages of one chat). */
  actors_count: z.number().int(),
  payload: z.record(z.string(), z.unknown()),
  read_at: Timestamp.nullable(),
  created_at: Timestamp,
});
export type Notification = z.infer<typeof Notification>;

export const NotificationsPage = z.object({
  data: z.array(Notification),
  meta: PageMeta.extend({ unread_count: z.number().int() }),
});
export type NotificationsPage = z.infer<typeof NotificationsPage>;

export const ReadNotificationsBody = z.object({
  /** These only; every unread one when absent. */
  ids: z.array(Id).min(1).max(100).optional(),
});
export type ReadNotificationsBody = z.input<typeof ReadNotificationsBody>;

export const UnreadCount = z.object({ unread_count: z.number().int() });

export const NotificationChannels = z.object({ in_app: z.boolean(), push: z.boolean() });
export type NotificationChannels = z.infer<typeof NotificationChannels>;

/** Every kind with its two switches (on until the person turns one off, but `NOTIFICATIONS_OFF_BY_DEFAULT`). */
export const NotificationSettings = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, NotificationChannels])) as {
    [K in NotificationKind]: typeof NotificationChannels;
  },
);
export type NotificationSettings = z.infer<typeof NotificationSettings>;

export const NotificationSettingsBody = z.object({ settings: NotificationSettings.partial() });
export type NotificationSettingsBody = z.input<typeof NotificationSettingsBody>;

/** A browser's Web Push subscription, as `PushSubscription.toJSON()` gives it. */
export const PushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z
      .string()
      .max(200)
      .regex(/^[A-Za-z0-9_-]+=*$/, { error: 'validation.invalid' }),
    auth: z
      .string()
      .max(100)
      .regex(/^[A-Za-z0-9_-]+=*$/, { error: 'validation.invalid' }),
  }),
});
export type PushSubscriptionBody = z.input<typeof PushSubscriptionBody>;

export const PushUnsubscribeBody = z.object({ endpoint: z.string().max(2048) });

const tags = ['Notifications'] as const;

export const notificationsApi = {
  list: endpoint({
    method: 'GET',
    path: '/notifications',
    query: PageQuery,
    response: NotificationsPage,
    summary: 'My notifications, newest first, with how many are unread',
    tags,
  }),
  read: endpoint({
    method: 'POST',
    path: '/notifications/read',
    body: ReadNotificationsBody,
    response: UnreadCount,
    summary: 'Mark some notifications read (all when no ids are given)',
    tags,
  }),
  settings: endpoint({
    method: 'GET',
    path: '/notifications/settings',
    response: z.object({ data: NotificationSettings }),
    summary: 'Which kinds of notification I get in the app and by push',
    tags,
  }),
  updateSettings: endpoint({
    method: 'PUT',
    path: '/notifications/settings',
    body: NotificationSettingsBody,
    response: z.object({ message: z.string(), data: NotificationSettings }),
    summary: 'Turn kinds of notification on or off, in the app and by push',
    tags,
  }),
} as const;

export const pushApi = {
  publicKey: endpoint({
    method: 'GET',
    path: '/push/public-key',
    response: z.object({ data: z.string() }),
    summary: 'The VAPID public key browsers subscribe with',
    tags,
  }),
  subscribe: endpoint({
    method: 'POST',
    path: '/push/subscriptions',
    body: PushSubscriptionBody,
    response: z.object({ message: z.string() }),
    status: 201,
    summary:
      'Register this browser for Web Push (the endpoint must belong to an allowed push service). 409 when the endpoint is kept for someone else, unless sent with exactly its keys',
    tags,
  }),
  unsubscribe: endpoint({
    method: 'DELETE',
    path: '/push/subscriptions',
    body: PushUnsubscribeBody,
    response: null,
    status: 204,
    summary: 'Forget this browser’s push subscription',
    tags,
  }),
} as const;

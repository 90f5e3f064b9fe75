import { z } from 'zod';
import { MEDIA_STATUSES } from './media';
import { APPROVED_STATUSES } from './organizations';
import { POST_TYPES } from './posts';
import { REPORT_ACTIONS, REPORT_TARGET_TYPES } from './reports';

/**
 * Domain events: what happened, published by the service that did it inside its transaction and handed to
 * subscribers (notifications, realtime, push, mail) only once that transaction has committed. Every event
 * names who acted (`actor_id`, a user id) and the ids the subscribers need to find the rest; events carry
 * ids, never whole rows, so a subscriber reads what is current when it runs.
 */
const RowId = z.number().int().positive();

/**
 * Set on the events of a transaction when they are written to the outbox (the server's): the same event handed
 * out twice (a process died after its subscribers ran but before it cleared the row) carries the same id, so a
 * job it queues can tell it already did its work.
 */
const EventId = z.uuid().optional();

const event = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ type: z.literal(type), actor_id: RowId, event_id: EventId, ...shape });

/** An event the platform itself causes (a subscription running out): nobody acted, `actor_id` is null. */
const systemEvent = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ type: z.literal(type), actor_id: RowId.nullable(), event_id: EventId, ...shape });

/** A post appeared (a member of `account_id` wrote it); `visible` says whether readers can see it yet. */
export const PostCreated = event('post.created', {
  account_id: RowId,
  post_id: RowId,
  post_type: z.enum(POST_TYPES),
  visible: z.boolean(),
});
export const PostUpdated = event('post.updated', { account_id: RowId, post_id: RowId });
export const PostDeleted = event('post.deleted', { account_id: RowId, post_id: RowId });
/** An administrator rejected a post (`reason` as given then) or restored it; its author is told. */
export const PostRejected = event('post.rejected', { account_id: RowId, post_id: RowId, reason: z.string() });
export const PostRestored = event('post.restored', { account_id: RowId, post_id: RowId });

/** A like was added to a post of `account_id` (not sent when the like already existed). */
export const PostLiked = event('post.liked', { account_id: RowId, post_id: RowId });
export const PostUnliked = event('post.unliked', { account_id: RowId, post_id: RowId });

/** A like was added to the comment `comment_id` written by `comment_author_id`, on a post of `account_id`. */
export const CommentLiked = event('comment.liked', {
  account_id: RowId,
  post_id: RowId,
  comment_id: RowId,
  comment_author_id: RowId,
});
export const CommentUnliked = event('comment.unliked', {
  account_id: RowId,
  post_id: RowId,
  comment_id: RowId,
  comment_author_id: RowId,
});

/**
 * A comment on a post of `account_id`. A reply names the comment it answers and that comment's author;
 * `as_account_id` is the account the actor spoke as, if any.
 */
export const CommentCreated = event('comment.created', {
  account_id: RowId,
  post_id: RowId,
  comment_id: RowId,
  parent_id: RowId.nullable(),
  parent_author_id: RowId.nullable(),
  as_account_id: RowId.nullable(),
});
/** A comment went, and its replies with it (`removed` counts them all). */
export const CommentDeleted = event('comment.deleted', {
  account_id: RowId,
  post_id: RowId,
  comment_id: RowId,
  removed: z.number().int().nonnegative(),
});

/** Someone started following an account (not sent for a repeated follow). */
export const AccountFollowed = event('account.followed', { account_id: RowId });
export const AccountUnfollowed = event('account.unfollowed', { account_id: RowId });

/** A creator account was made; `approved_status` says whether it waits for an administrator. */
export const AccountCreated = event('account.created', {
  account_id: RowId,
  organization_id: RowId,
  approved_status: z.enum(APPROVED_STATUSES),
});
export const AccountDeleted = event('account.deleted', { account_id: RowId });
/** An administrator approved or rejected an account (or put it back to pending). */
export const AccountApprovalChanged = event('account.approval_changed', {
  account_id: RowId,
  from: z.enum(APPROVED_STATUSES),
  to: z.enum(APPROVED_STATUSES),
});
/** An administrator approved or rejected an organization (or put it back to pending). */
export const OrganizationApprovalChanged = event('organization.approval_changed', {
  organization_id: RowId,
  from: z.enum(APPROVED_STATUSES),
  to: z.enum(APPROVED_STATUSES),
});

/** A person's sign-in e-mail changed (by themselves or an administrator); the old address must hear of it. */
export const UserEmailChanged = event('user.email_changed', {
  user_id: RowId,
  old_email: z.string(),
  new_email: z.string(),
});

/**
 * Sign-ins of `user_id` ended: a sign-out, a device revoked, or the other devices signed out by a password
 * reset or change or an e-mail change (`token_ids`: the access tokens deleted). Sockets opened with them close.
 */
export const UserSessionsEnded = event('user.sessions_ended', {
  user_id: RowId,
  token_ids: z.array(RowId).min(1),
});
/** An administrator suspended (`suspended`) or reinstated `user_id`; a suspended person's sockets close. */
export const UserSuspensionChanged = event('user.suspension_changed', { user_id: RowId, suspended: z.boolean() });

/** `actor_id` asked `user_id` to be friends (not sent when the request accepted theirs: that is `friend.accepted`). */
export const FriendRequested = event('friend.requested', { user_id: RowId });
/** `actor_id` accepted the request of `user_id`: they are friends now. */
export const FriendAccepted = event('friend.accepted', { user_id: RowId });

/** A message went into a chat room; subscribers read it (and the room's people) when they run. */
export const ChatMessageCreated = event('chat.message_created', { room_id: RowId, message_id: RowId });
/**
 * `user_id` is no longer in the room: they left it, or `actor_id` removed them. Their sockets leave its channel
 * unless they may still enter the room (an owner of its account).
 */
export const ChatMemberLeft = event('chat.member_left', { room_id: RowId, user_id: RowId });

/** A subscription began: a trial, or a paid plan (the payer is the actor). */
export const SubscriptionStarted = event('subscription.started', {
  user_id: RowId,
  subscription_id: RowId,
  trial: z.boolean(),
});
/** A subscription or trial ends in a few days (announced once per subscription by the billing job). */
export const SubscriptionEnding = systemEvent('subscription.ending', { user_id: RowId, subscription_id: RowId });
/** A subscription or trial ran out. */
export const SubscriptionEnded = systemEvent('subscription.ended', { user_id: RowId, subscription_id: RowId });

/**
 * Notification rows were written or updated (a grouped one counts again): the app's realtime badge and toast
 * and Web Push deliver them. Many ids at once when a post reaches every follower who rang its account's bell.
 */
export const NotificationsCreated = systemEvent('notifications.created', {
  ids: z.array(RowId).min(1),
});

/**
 * An audio or video upload of `user_id` moved on while it was transcoded: its progress grew (`processing`,
 * at most once a second) or it ended (`processed` or `failed`). Only its uploader hears of it.
 */
export const MediaProgressed = systemEvent('media.progressed', {
  user_id: RowId,
  file_id: z.string().min(1).max(64),
  status: z.enum(MEDIA_STATUSES),
  progress: z.number().int().min(0).max(100),
});

/** Every event; subscribers are registered per `type`, and the server's registry must name each one. */
/**
 * A moderator decided a report: its reporters hear that it was dealt with (`resolved`) or not (`dismissed`),
 * never what was done to the author; a removed comment's author hears why (`note`).
 */
export const ReportResolved = event('report.resolved', {
  report_id: RowId,
  status: z.enum(['resolved', 'dismissed']),
  action: z.enum(REPORT_ACTIONS),
  target_type: z.enum(REPORT_TARGET_TYPES),
  target_id: RowId,
  author_id: RowId.nullable(),
  note: z.string().nullable(),
});

/**
 * `actor_id` blocked `user_id`: what joined them ends (follows of each other's accounts, a friendship or its
 * request). The blocked person is not told.
 */
export const UserBlocked = event('user.blocked', { user_id: RowId });

/**
 * A reader's payment to a creator account (a membership or a tip) was confirmed by its gateway's signed
 * callback and booked in the ledger (the payer is the actor). Heard once per payment: what it buys is granted
 * by its subscriber, which must be idempotent (the outbox delivers at least once).
 */
export const PaymentPaid = event('payment.paid', {
  payment_id: RowId,
  purpose: z.enum(['membership', 'tip']),
  account_id: RowId,
});

/**
 * An administrator refunded a reader's payment to a creator (the ledger is reversed in the same commit): what it
 * paid for ends. The administrator is the actor.
 */
export const PaymentRefunded = event('payment.refunded', {
  payment_id: RowId,
  purpose: z.enum(['membership', 'tip']),
  membership_id: RowId.nullable(),
});

/** An administrator paid or rejected a creator account's payout request; its owners hear of it. */
export const PayoutDecided = event('payout.decided', {
  payout_id: RowId,
  account_id: RowId,
  status: z.enum(['paid', 'rejected']),
});

/** A reader's pass began or was extended by a confirmed payment (the payer is the actor). */
export const MembershipStarted = event('membership.started', {
  user_id: RowId,
  membership_id: RowId,
  account_id: RowId,
  renewal: z.boolean(),
});
/** A pass ends in `days` days (told 3 days and 1 day before; not after the member stopped reminders). */
export const MembershipEnding = systemEvent('membership.ending', {
  user_id: RowId,
  membership_id: RowId,
  days: z.number().int(),
});
/** A pass ended: its grace ran out, or it was stopped and reached its end. */
export const MembershipEnded = systemEvent('membership.ended', {
  user_id: RowId,
  membership_id: RowId,
  account_id: RowId,
});

/** The week's digest for a reader who asked for it: accounts they may like that posted this week. */
export const DiscoveryDigest = systemEvent('discovery.digest', {
  user_id: RowId,
  account_ids: z.array(RowId).min(1).max(3),
  /** How many more such accounts there were. */
  more: z.number().int().min(0),
});

export const DomainEvent = z.discriminatedUnion('type', [
  PostCreated,
  PostUpdated,
  PostDeleted,
  PostRejected,
  PostRestored,
  PostLiked,
  PostUnliked,
  CommentLiked,
  CommentUnliked,
  CommentCreated,
  CommentDeleted,
  AccountFollowed,
  AccountUnfollowed,
  AccountCreated,
  AccountDeleted,
  AccountApprovalChanged,
  OrganizationApprovalChanged,
  UserEmailChanged,
  UserSessionsEnded,
  UserSuspensionChanged,
  FriendRequested,
  FriendAccepted,
  ChatMessageCreated,
  ChatMemberLeft,
  SubscriptionStarted,
  SubscriptionEnding,
  SubscriptionEnded,
  NotificationsCreated,
  MediaProgressed,
  ReportResolved,
  UserBlocked,
  PaymentPaid,
  PaymentRefunded,
  PayoutDecided,
  MembershipStarted,
  MembershipEnding,
  MembershipEnded,
  DiscoveryDigest,
]);
export type DomainEvent = z.infer<typeof DomainEvent>;
export type DomainEventType = DomainEvent['type'];
export type DomainEventOf<K extends DomainEventType> = Extract<DomainEvent, { type: K }>;
export const DOMAIN_EVENT_TYPES = DomainEvent.options.map((o) => o.shape.type.value) as DomainEventType[];

/** The events that leave a notification row (the `notifications.create` job carries one). */
export const NotifiableEvent = z.discriminatedUnion('type', [
  PostLiked,
  CommentLiked,
  CommentCreated,
  AccountFollowed,
  AccountApprovalChanged,
  OrganizationApprovalChanged,
  PostRejected,
  PostRestored,
  PostCreated,
  PostUpdated,
  FriendRequested,
  FriendAccepted,
  ChatMessageCreated,
  SubscriptionStarted,
  SubscriptionEnding,
  SubscriptionEnded,
  ReportResolved,
  PaymentPaid,
  PayoutDecided,
  MembershipStarted,
  MembershipEnding,
  MembershipEnded,
  DiscoveryDigest,
]);
export type NotifiableEvent = z.infer<typeof NotifiableEvent>;

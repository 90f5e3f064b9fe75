import {
  LIKE_GROUP_MINUTES,
  type DomainEventOf,
  type JobPayload,
  type Locale,
  type NotifiableEvent,
} from '@inkwell/contracts';
import type { Tx } from '../../db/connect';
import { isForeignKeyViolation } from '../../db/errors';
import { firstHandling } from '../../db/handled-events';
import type { AppContext } from '../../platform/context';
import type { JobQueueSettings } from '../../platform/jobs/queue';
import { t, type MessageKey } from '../../platform/i18n';
import { messageForDelivery } from '../chats';
import { teaser } from '../../platform/sanitize';
import * as facts from './notifications.facts';
import { memberJoined, membershipLapsing, payoutDecided, tipped } from './notifications.memberships';
import { digest } from './notifications.digest';
import { reportResolved } from './notifications.reports';
import { mentioned } from './notifications.mentions';
import {
  accountOwners,
  lockFollowNotice,
  targetsOf,
  write,
  writeForBellRingers,
  writeOnce,
  type Draft,
} from './notifications.repo';

type Written = number[];

/** Notification jobs are many and small: a worker takes several at once. */
export const notificationsQueues = { 'notifications.create': { batchSize: 10 } } satisfies JobQueueSettings;

/** "Aye", "Aye and 1 other", "Aye and 4 others": the key for a grouped sentence of `count` people. */
const groupKey = (base: 'like_post' | 'like_comment', count: number): MessageKey =>
  `notifications.${base}${count === 1 ? '' : count === 2 ? '_one_more' : '_many'}` as MessageKey;

async function liked(tx: Tx, event: DomainEventOf<'post.liked'> | DomainEventOf<'comment.liked'>): Promise<Written> {
  const [who, post] = await Promise.all([facts.person(tx, event.actor_id), facts.post(tx, event.post_id)]);
  if (!who || !post) return [];
  const onComment = event.type === 'comment.liked';
  const body = onComment ? facts.excerpt((await facts.comment(tx, event.comment_id))?.content) : facts.postName(post);
  const recipients = onComment ? [event.comment_author_id] : await accountOwners(tx, event.account_id);
  const subject = onComment ? `comment:${event.comment_id}` : `post:${event.post_id}`;
  const draft: Draft = {
    kind: 'like',
    actor_id: event.actor_id,
    account_id: event.account_id,
    post_id: event.post_id,
    comment_id: onComment ? event.comment_id : null,
    icon: who.profile_url ?? facts.APP_ICON,
    url: `/posts/${post.slug}`,
    tag: `like-${subject.replace(':', '-')}`,
    payload: { likeable_type: onComment ? 'comment' : 'post' },
    text: (locale, count) => ({
      title: t(locale, groupKey(onComment ? 'like_comment' : 'like_post', count), {
        actor: who.name,
        others: count - 1,
      }),
      body,
    }),
    group: { key: `like:${subject}`, withinMinutes: LIKE_GROUP_MINUTES, countActors: true },
  };
  return write(tx, await targetsOf(tx, recipients, 'like', event.actor_id), draft);
}

/** A comment tells the post's account owners; a reply tells the author it answers instead (once, not twice). */
async function commented(tx: Tx, event: DomainEventOf<'comment.created'>): Promise<Written> {
  const [who, post, comment] = await Promise.all([
    facts.person(tx, event.actor_id),
    facts.post(tx, event.post_id),
    facts.comment(tx, event.comment_id),
  ]);
  if (!who || !post || !comment) return [];
  const speaker = event.as_account_id ? await facts.account(tx, event.as_account_id) : undefined;
  const name = speaker?.name ?? who.name;
  const base = (kind: 'comment' | 'reply'): Draft => ({
    kind,
    actor_id: event.actor_id,
    account_id: event.account_id,
    post_id: event.post_id,
    comment_id: event.comment_id,
    icon: (speaker ? speaker.profile_url : who.profile_url) ?? facts.APP_ICON,
    url: `/posts/${post.slug}`,
    tag: `comment-${event.comment_id}`,
    text: (locale) => ({
      title: t(locale, `notifications.${kind}`, { actor: name }),
      body: facts.excerpt(comment.content),
    }),
  });
  const parent = event.parent_author_id;
  const replies = parent ? await write(tx, await targetsOf(tx, [parent], 'reply', event.actor_id), base('reply')) : [];
  const owners = (await accountOwners(tx, event.account_id)).filter((id) => id !== parent);
  return [...replies, ...(await write(tx, await targetsOf(tx, owners, 'comment', event.actor_id), base('comment')))];
}

async function followed(tx: Tx, event: DomainEventOf<'account.followed'>): Promise<Written> {
  // Two jobs for the same follower and account (several workers) must not both find "not told yet".
  await lockFollowNotice(tx, event.actor_id, event.account_id);
  const [who, account] = await Promise.all([facts.person(tx, event.actor_id), facts.account(tx, event.account_id)]);
  if (!who || !account) return [];
  const draft: Draft = {
    kind: 'follow',
    actor_id: event.actor_id,
    account_id: event.account_id,
    icon: who.profile_url ?? facts.APP_ICON,
    url: `/u/${who.id}`,
    tag: `follow-${account.id}-${who.id}`,
    text: (locale) => ({
      title: t(locale, 'notifications.follow', { actor: who.name, account: account.name }),
      body: t(locale, 'notifications.follow_body', { account: account.name, count: account.followers_count }),
    }),
  };
  // A re-follow (after an unfollow) within a day does not notify the owners again.
  return writeOnce(tx, await targetsOf(tx, await accountOwners(tx, event.account_id), 'follow', event.actor_id), draft);
}

async function friends(
  tx: Tx,
  event: DomainEventOf<'friend.requested'> | DomainEventOf<'friend.accepted'>,
): Promise<Written> {
  const who = await facts.person(tx, event.actor_id);
  if (!who) return [];
  const kind = event.type === 'friend.requested' ? 'friend_request' : 'friend_accepted';
  const draft: Draft = {
    kind,
    actor_id: event.actor_id,
    icon: who.profile_url ?? facts.APP_ICON,
    url: `/u/${who.id}`,
    tag: `friend-${who.id}`,
    text: (locale) => ({
      title: t(locale, `notifications.${kind}`, { actor: who.name }),
      body: t(locale, `notifications.${kind}_body`),
    }),
  };
  return write(tx, await targetsOf(tx, [event.user_id], kind, event.actor_id), draft);
}

/**
 * A chat message tells the room's people who were not looking at it (the subscriber settled who, when the
 * message came); the messages of one room make one notification until it is read.
 */
async function chatted(
  tx: Tx,
  event: DomainEventOf<'chat.message_created'>,
  recipients: number[] | undefined,
  delivery: Delivery | undefined,
): Promise<Written> {
  if (!delivery) return [];
  const { message } = delivery;
  const draft: Draft = {
    kind: 'chat',
    actor_id: event.actor_id,
    icon: message.from_profile_url ?? facts.APP_ICON,
    url: `/chats/${message.room_id}`,
    tag: 'chat',
    payload: { room_id: message.room_id, message_id: message.id },
    text: (locale, count) => ({
      title: count === 1 ? message.from_name : t(locale, 'notifications.chat_many', { from: message.from_name, count }),
      body: message.message ? facts.excerpt(message.message, 120) : t(locale, 'notifications.chat_photo'),
    }),
    group: { key: `chat:${message.room_id}`, countActors: false },
  };
  return write(tx, await targetsOf(tx, recipients ?? delivery.recipients, 'chat', event.actor_id), draft);
}

/** A new post reaches everyone who rang its account's bell (written in one statement however many). */
async function posted(tx: Tx, event: DomainEventOf<'post.created'>): Promise<Written> {
  if (!event.visible) return [];
  const [post, account] = await Promise.all([facts.post(tx, event.post_id), facts.account(tx, event.account_id)]);
  if (!post || !account) return [];
  // A members-only post's bell tells its title or teaser only: the body is for its members.
  const body = post.min_tier_id
    ? (post.title ?? teaser(post.content, post.type === 'post') ?? '')
    : facts.postName(post, 120);
  return writeForBellRingers(tx, account.id, {
    kind: 'new_post',
    actor_id: event.actor_id,
    account_id: account.id,
    post_id: post.id,
    icon: account.profile_url ?? facts.APP_ICON,
    url: `/posts/${post.slug}`,
    tag: `post-${post.id}`,
    payload: { account_username: account.username },
    text: (locale) => ({ title: t(locale, 'notifications.new_post', { account: account.name }), body }),
  });
}

type SubscriptionEvent =
  DomainEventOf<'subscription.started'> | DomainEventOf<'subscription.ending'> | DomainEventOf<'subscription.ended'>;

async function subscribed(tx: Tx, event: SubscriptionEvent): Promise<Written> {
  const found = await facts.subscription(tx, event.subscription_id);
  if (!found) return [];
  const phase = event.type.split('.')[1] as 'started' | 'ending' | 'ended';
  const kind = found.trial ? 'trial' : 'subscription';
  const title: MessageKey = `notifications.${kind}_${phase}`;
  const body: MessageKey =
    phase === 'started'
      ? 'notifications.subscription_until'
      : phase === 'ending'
        ? 'notifications.subscription_ending_body'
        : 'notifications.subscription_ended_body';
  const draft: Draft = {
    kind: 'subscription',
    actor_id: event.actor_id,
    icon: facts.APP_ICON,
    url: '/profile/plan',
    tag: `subscription-${found.id}`,
    payload: { subscription_id: found.id, phase, trial: found.trial },
    text: (locale: Locale) => {
      const params = { plan: found.planName(locale), date: facts.longDate(found.expires_at, locale) };
      return { title: t(locale, title, params), body: t(locale, body, params) };
    },
  };
  // The person's own purchase is still news to them: nobody is left out as the actor here.
  return write(tx, await targetsOf(tx, [event.user_id], 'subscription', null), draft);
}

type ApprovalEvent = DomainEventOf<'account.approval_changed'> | DomainEventOf<'organization.approval_changed'>;

/**
 * An administrator's decision on an account (told to its owners) or an organization (told to its creator).
 * Back to pending tells nobody: nothing was decided.
 */
async function approval(tx: Tx, event: ApprovalEvent): Promise<Written> {
  if (event.to === 'pending') return [];
  const onAccount = event.type === 'account.approval_changed';
  const subject = onAccount
    ? await facts.account(tx, event.account_id)
    : await facts.organization(tx, event.organization_id);
  if (!subject) return [];
  const recipients = onAccount ? await accountOwners(tx, event.account_id) : [(subject as { owner: number }).owner];
  const which = `${onAccount ? 'account' : 'organization'}_${event.to}` as const;
  const draft: Draft = {
    kind: 'approval',
    actor_id: event.actor_id,
    account_id: onAccount ? event.account_id : null,
    icon: facts.APP_ICON,
    url: onAccount ? '/profile/accounts' : '/profile/organizations',
    tag: `${onAccount ? 'account' : 'organization'}-${subject.id}`,
    payload: {
      subject_type: onAccount ? 'account' : 'organization',
      subject_id: subject.id,
      name: subject.name,
      status: event.to,
    },
    text: (locale) => ({
      title: t(locale, `notifications.${which}_title`),
      body: t(locale, `notifications.${which}`, { name: subject.name }),
    }),
  };
  // An administrator deciding on their own account still hears of it.
  return write(tx, await targetsOf(tx, recipients, 'approval', null), draft);
}

/** An administrator rejected or restored a post: its author hears (its account's owners when the author is gone). */
async function moderated(tx: Tx, event: DomainEventOf<'post.rejected'> | DomainEventOf<'post.restored'>) {
  const post = await facts.post(tx, event.post_id);
  if (!post) return [];
  const recipients = post.author_id ? [post.author_id] : await accountOwners(tx, event.account_id);
  const title = facts.postName(post, 60);
  const rejected = event.type === 'post.rejected';
  const draft: Draft = {
    kind: 'moderation',
    actor_id: event.actor_id,
    account_id: event.account_id,
    post_id: event.post_id,
    icon: facts.APP_ICON,
    url: `/posts/${post.slug}`,
    tag: `post-${post.id}`,
    payload: rejected ? { status: 'rejected', reason: event.reason } : { status: 'published' },
    text: (locale) =>
      rejected
        ? {
            title: t(locale, 'notifications.post_rejected_title'),
            body: t(locale, 'notifications.post_rejected', { title, reason: event.reason }),
          }
        : {
            title: t(locale, 'notifications.post_restored_title'),
            body: t(locale, 'notifications.post_restored', { title }),
          },
  };
  return write(tx, await targetsOf(tx, recipients, 'moderation', null), draft);
}

type Delivery = Awaited<ReturnType<typeof messageForDelivery>>;

async function rowsFor(
  tx: Tx,
  event: NotifiableEvent,
  recipients: number[] | undefined,
  delivery: Delivery,
): Promise<Written> {
  switch (event.type) {
    case 'post.liked':
    case 'comment.liked':
      return liked(tx, event);
    case 'comment.created':
      return [...(await commented(tx, event)), ...(await mentioned(tx, event))];
    case 'account.followed':
      return followed(tx, event);
    case 'friend.requested':
    case 'friend.accepted':
      return friends(tx, event);
    case 'chat.message_created':
      return chatted(tx, event, recipients, delivery);
    case 'post.created':
      return [...(await posted(tx, event)), ...(await mentioned(tx, event))];
    case 'post.updated':
      return mentioned(tx, event);
    case 'subscription.started':
    case 'subscription.ending':
    case 'subscription.ended':
      return subscribed(tx, event);
    case 'account.approval_changed':
    case 'organization.approval_changed':
      return approval(tx, event);
    case 'post.rejected':
    case 'post.restored':
      return moderated(tx, event);
    case 'report.resolved':
      return reportResolved(tx, event);
    case 'payment.paid':
      return tipped(tx, event);
    case 'membership.started':
      return memberJoined(tx, event);
    case 'payout.decided':
      return payoutDecided(tx, event);
    case 'membership.ending':
    case 'membership.ended':
      return membershipLapsing(tx, event);
    case 'discovery.digest':
      return digest(tx, event);
  }
}

/**
 * The `notifications.create` job: the rows one event leaves, one per recipient (never the actor, never someone
 * who turned the kind off everywhere), in each recipient's language, in one transaction so a retried job never
 * leaves half of them. Their delivery (the app's badge and toast, Web Push) follows from `notifications.created`
 * once the rows are committed.
 */
export async function createNotifications(
  ctx: AppContext,
  { event, recipients }: JobPayload<'notifications.create'>,
): Promise<void> {
  // The chat message is read (through the pool, shared with the room's channel) before the transaction opens:
  // read inside it, ten jobs of a batch each held a connection and waited for one more, and the worker's pool
  // stopped for good.
  const delivery = event.type === 'chat.message_created' ? await messageForDelivery(ctx, event.message_id) : undefined;
  try {
    await ctx.transaction(async (tx) => {
      // Once per event: a retry after this commit, or the same event queued twice, writes nothing more.
      if (!(await firstHandling(tx, 'notifications.create', event.event_id))) return;
      const ids = await rowsFor(tx, event, recipients, delivery);
      if (ids.length > 0) ctx.events.publish(tx, { type: 'notifications.created', actor_id: null, ids });
    });
  } catch (err) {
    // What the event was about is gone (a deleted post, comment or account): there is nothing to tell.
    if (isForeignKeyViolation(err)) {
      ctx.log.info({ event: event.type }, 'notification dropped: its subject was deleted');
      return;
    }
    throw err;
  }
}

import { chatRoomChannel, type NotifiableEvent } from '@inkwell/contracts';
import type { AppContext } from '../../platform/context';
import type { Subscriber } from '../../platform/events';
import { messageForDelivery } from '../chats';
import { deliverInApp } from './notifications.delivery';
import { markReadBetween } from './notifications.repo';

type NotifiableType = NotifiableEvent['type'];

/**
 * Every event that leaves notifications, and its subscriber: it only queues the `notifications.create` job
 * (durable, retried), whose handler writes the rows. A chat message is settled here, where it happened: the
 * people looking at the room right now see it there and are not notified.
 */
export function notificationSubscribers(ctx: AppContext): { [K in NotifiableType]: Subscriber<K>[] } & {
  'notifications.created': Subscriber<'notifications.created'>[];
  'user.blocked': Subscriber<'user.blocked'>[];
} {
  const queue = async (event: NotifiableEvent, recipients?: number[]) => {
    await ctx.jobs.send('notifications.create', { event, ...(recipients ? { recipients } : {}) });
  };
  return {
    'post.liked': [queue],
    'comment.liked': [queue],
    'comment.created': [queue],
    'account.followed': [queue],
    'post.rejected': [queue],
    'post.restored': [queue],
    'account.approval_changed': [queue],
    'organization.approval_changed': [queue],
    // A post anyone may see tells its bell's ringers and whom it mentions; an edit may mention someone new.
    'post.created': [(event) => (event.visible ? queue(event) : undefined)],
    'post.updated': [queue],
    'friend.requested': [queue],
    'friend.accepted': [queue],
    'subscription.started': [queue],
    'subscription.ending': [queue],
    'subscription.ended': [queue],
    'report.resolved': [queue],
    'payment.paid': [(event) => (event.purpose === 'tip' ? queue(event) : undefined)],
    'payout.decided': [queue],
    'membership.started': [queue],
    'membership.ending': [queue],
    'membership.ended': [queue],
    'discovery.digest': [queue],
    'chat.message_created': [
      async (event) => {
        const delivery = await messageForDelivery(ctx, event.message_id);
        if (!delivery) return;
        const present = await ctx.realtime.present(chatRoomChannel(event.room_id));
        const away = delivery.recipients.filter((id) => !present?.has(id));
        if (away.length > 0) await queue(event, away);
      },
    ],
    'notifications.created': [(event) => deliverInApp(ctx, event)],
    'user.blocked': [(event) => markReadBetween(ctx.db, event.actor_id, event.user_id)],
  };
}

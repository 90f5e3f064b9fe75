import type { NotifiableEvent } from '@inkwell/contracts';
import type { AppContext } from '../../platform/context';
import type { Subscriber } from '../../platform/events';
import { announceChatMessage } from './notifications.chat';

type NotifiableType = NotifiableEvent['type'];

/**
 * Every event that leaves notification rows, and its subscriber: it only queues the `notifications.create`
 * job (durable, retried), whose handler writes the rows.
 */
export function notificationSubscribers(
  ctx: AppContext,
): { [K in NotifiableType]: Subscriber<K> } & { 'chat.message_created': Subscriber<'chat.message_created'> } {
  const queueNotifications = async (event: NotifiableEvent) => {
    await ctx.jobs.send('notifications.create', { event });
  };
  return {
    'post.liked': queueNotifications,
    'comment.liked': queueNotifications,
    'comment.created': queueNotifications,
    'account.followed': queueNotifications,
    'post.rejected': queueNotifications,
    'post.restored': queueNotifications,
    'account.approval_changed': queueNotifications,
    'organization.approval_changed': queueNotifications,
    'chat.message_created': (event) => announceChatMessage(ctx, event),
  };
}

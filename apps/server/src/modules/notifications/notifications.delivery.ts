import { NOTIFICATION_EVENT, notificationsChannel, type DomainEventOf } from '@inkwell/contracts';
import type { AppContext } from '../../platform/context';
import { forDelivery } from './notifications.repo';

/** The small monochrome picture phones show in their status bar. */
export const BADGE_ICON = '/icons/badge-72.png';
/** Rows read per query when one event wrote thousands (a post to every bell-ringer). */
const CHUNK = 1000;

/**
 * Tells each recipient's open pages at once (spec §4): the toast shows a notification with a body, a `chat`
 * tag raises the Chats badge by one, and the notification badge is set to the unread count carried.
 */
export async function deliverInApp(ctx: AppContext, event: DomainEventOf<'notifications.created'>): Promise<void> {
  for (let start = 0; start < event.ids.length; start += CHUNK) {
    for (const row of await forDelivery(ctx.db, event.ids.slice(start, start + CHUNK))) {
      ctx.realtime.emit(notificationsChannel(row.user_id), NOTIFICATION_EVENT, {
        redisNotification: {
          title: row.title,
          body: row.body,
          type: row.type,
          icon: row.icon,
          tag: row.tag,
          url: row.url,
          badge: BADGE_ICON,
          unread_count: row.unread,
        },
      });
    }
  }
}

import { chatRoomChannel, isLocale, notificationsChannel, type DomainEventOf } from '@inkwell/contracts';
import type { AppContext } from '../../platform/context';
import { t } from '../../platform/i18n';
import { messageForDelivery } from '../chats';
import { localesOf, unreadCounts } from './notifications.repo';

/** How much of a message the notice repeats. */
const PREVIEW_LENGTH = 120;

/**
 * Tells the room's other people of a new message on their notification channel (tag `chat`: the Chats
 * badge rises by one), except those looking at the room right now: their open room shows it already.
 */
export async function announceChatMessage(ctx: AppContext, event: DomainEventOf<'chat.message_created'>) {
  const delivery = await messageForDelivery(ctx, event.message_id);
  if (!delivery) return;
  const present = await ctx.realtime.present(chatRoomChannel(event.room_id));
  const recipients = delivery.recipients.filter((id) => !present?.has(id));
  if (recipients.length === 0) return;
  const [locales, unread] = await Promise.all([localesOf(ctx.db, recipients), unreadCounts(ctx.db, recipients)]);
  const { message } = delivery;
  for (const id of recipients) {
    const locale = locales.get(id);
    const text = message.message ?? t(isLocale(locale) ? locale : 'en', 'notifications.chat_photo');
    ctx.realtime.emit(notificationsChannel(id), 'SendPushNotification', {
      redisNotification: {
        title: message.from_name,
        body: text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text,
        type: 'chat',
        tag: 'chat',
        icon: message.from_profile_url ?? '/favicon.svg',
        badge: '/favicon.svg',
        url: `/chats/${message.room_id}`,
        unread_count: unread.get(id) ?? 0,
      },
    });
  }
}

import { NOTIFICATION_EVENT, notificationsChannel } from '@inkwell/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useChannel, useReconnected } from '../../api/realtime';
import { useSession } from '../../session/session';
import { CHATS_KEY, UNREAD_CHATS_KEY, useUnreadChats } from './api';

/**
 * The Chats badge: unread messages over all rooms, raised by one for each chat notification that arrives
 * live (spec §4) and read again after a lost connection.
 */
export function useChatBadge(): number {
  const session = useSession();
  const client = useQueryClient();
  const unread = useUnreadChats(Boolean(session));
  useChannel(session ? notificationsChannel(session.id) : null, NOTIFICATION_EVENT, ({ redisNotification: notice }) => {
    if (notice.tag !== 'chat') return;
    client.setQueryData<{ unread_count: number }>(UNREAD_CHATS_KEY, (old) => ({
      unread_count: (old?.unread_count ?? 0) + 1,
    }));
    void client.invalidateQueries({ queryKey: [...CHATS_KEY, 'rooms'] });
  });
  useReconnected(() => void client.invalidateQueries({ queryKey: CHATS_KEY }));
  return unread.data?.unread_count ?? 0;
}

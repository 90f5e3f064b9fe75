import {
  NOTIFICATION_EVENT,
  TOAST_DURATION_MS,
  notificationsChannel,
  type NotificationNotice,
} from '@inkwell/contracts';
import { notifications as toasts } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useChannel, useReconnected } from '../../api/realtime';
import { UserAvatar } from '../../components/UserAvatar';
import { useSession } from '../../session/session';
import { NOTIFICATIONS_KEY, UNREAD_NOTIFICATIONS_KEY, useUnreadNotifications } from './api';
import { notificationPermission, subscribeThisBrowser } from '../../lib/push';

/**
 * The notification badge and toast (spec §4): each notification that arrives sets the count to the
 * `unread_count` it carries and, when it has a body, shows a toast for 2000 ms that opens it. A browser that
 * already allowed notifications is subscribed to Web Push again for this sign-in.
 */
export function useNotificationFeed(): number {
  const session = useSession();
  const client = useQueryClient();
  const navigate = useNavigate();
  const unread = useUnreadNotifications(Boolean(session));

  useChannel(session ? notificationsChannel(session.id) : null, NOTIFICATION_EVENT, ({ redisNotification: notice }) => {
    client.setQueryData(UNREAD_NOTIFICATIONS_KEY, { unread_count: notice.unread_count });
    void client.invalidateQueries({ queryKey: [...NOTIFICATIONS_KEY, 'list'] });
    if (notice.body) toast(notice, (url) => void navigate(url));
  });
  useReconnected(() => void client.invalidateQueries({ queryKey: UNREAD_NOTIFICATIONS_KEY }));

  const token = session?.token;
  useEffect(() => {
    if (!token || notificationPermission() !== 'granted') return;
    // Push service errors are logged only (spec §8: push-token errors).
    subscribeThisBrowser().catch((err: unknown) => console.error('push subscription', err));
  }, [token]);

  return unread.data?.unread_count ?? 0;
}

function toast(n: NotificationNotice, open: (url: string) => void) {
  const id = toasts.show({
    title: n.title,
    message: n.body,
    autoClose: TOAST_DURATION_MS,
    icon: <UserAvatar url={n.icon} name={n.title} size={36} />,
    withBorder: true,
    style: { cursor: 'pointer' },
    onClick: () => {
      toasts.hide(id);
      open(n.url);
    },
  });
}

import {
  notificationsApi,
  type NotificationSettings,
  type NotificationSettingsBody,
  type NotificationsPage,
} from '@inkwell/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { call } from '../../api/client';
import { nextPageOf } from '../../api/paging';

export const NOTIFICATIONS_KEY = ['notifications'] as const;
export const UNREAD_NOTIFICATIONS_KEY = [...NOTIFICATIONS_KEY, 'unread'] as const;
const SETTINGS_KEY = [...NOTIFICATIONS_KEY, 'settings'] as const;

export function useNotifications() {
  return useInfiniteQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'list'],
    queryFn: ({ pageParam }) => call(notificationsApi.list, { query: { page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

/** The notification badge: the unread count the server keeps (the list's first row carries it too). */
export const useUnreadNotifications = (enabled: boolean) =>
  useQuery({
    queryKey: UNREAD_NOTIFICATIONS_KEY,
    queryFn: async () => ({
      unread_count: (await call(notificationsApi.list, { query: { per_page: 1 } })).meta.unread_count,
    }),
    enabled,
    staleTime: 60_000,
  });

/** Marks some (or all) read: the badge takes the count answered, the cached list its read state. */
export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => call(notificationsApi.read, { body: ids ? { ids } : {} }),
    onSuccess: ({ unread_count }, ids) => {
      client.setQueryData(UNREAD_NOTIFICATIONS_KEY, { unread_count });
      const now = new Date().toISOString();
      client.setQueryData<InfiniteData<NotificationsPage>>([...NOTIFICATIONS_KEY, 'list'], (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((p) => ({
                ...p,
                meta: { ...p.meta, unread_count },
                data: p.data.map((n) => (!ids || ids.includes(n.id) ? { ...n, read_at: n.read_at ?? now } : n)),
              })),
            }
          : data,
      );
    },
  });
}

export const useNotificationSettings = () =>
  useQuery({ queryKey: SETTINGS_KEY, queryFn: () => call(notificationsApi.settings) });

export function useUpdateNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettingsBody['settings']) =>
      call(notificationsApi.updateSettings, { body: { settings } }),
    onSuccess: (res) => client.setQueryData<{ data: NotificationSettings }>(SETTINGS_KEY, { data: res.data }),
  });
}

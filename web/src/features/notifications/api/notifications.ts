// Notifications (spec 000 §3 "Notification", §4 "Notifications", §7): the list 12 a page,
// marking one read (POST /notification/{id}/{type}/) and all (POST /notification/read-all/).
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';
import { identityKey } from '../../../lib/auth/identity';

export const PAGE_SIZE = 12;
export const EMPTY_TEXT = 'No notifications to show';

export type NotificationData = components['schemas']['NotificationData'];
export type AppNotification = components['schemas']['NotificationView'];
export type NotificationPage = components['schemas']['Page_NotificationView'];

export const notificationsKey = ['notifications'] as const;

export function notificationsQuery(page: number) {
  return queryOptions({
    queryKey: [...notificationsKey, page],
    queryFn: async ({ signal }) => {
      return unwrap(api.GET('/api/v1/notification/', { params: { query: { page, page_size: PAGE_SIZE } }, signal }));
    },
    placeholderData: keepPreviousData,
  });
}

export function useNotifications(page: number, enabled = true) {
  return useQuery({ ...notificationsQuery(page), enabled });
}

/** Where a notification leads: the path the server gave, else one built from its data. */
export function targetOf(notification: AppNotification): string | null {
  const { data, type } = notification;
  if (data.path) return data.path;
  if (type === 'invitation' && data.invitation_key) return `/invitation/${encodeURIComponent(data.invitation_key)}`;
  if (type === 'user_connection' && data.name_slug) return `/profile/${encodeURIComponent(data.name_slug)}`;
  if (data.name_slug && data.group_type) {
    const kind = data.group_type === 'circle' || data.group_type === 'event' ? data.group_type : 'org';
    return `/${kind}/${encodeURIComponent(data.name_slug)}`;
  }
  return null;
}

function useRefreshAfterRead() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: notificationsKey });
    void client.invalidateQueries({ queryKey: identityKey });
  };
}

export function useMarkRead() {
  const refresh = useRefreshAfterRead();
  return useMutation({
    mutationFn: (notification: AppNotification) =>
      unwrap(api.POST('/api/v1/notification/{id}/{type}/', { params: { path: { id: notification.id, type: notification.type } } })),
    onSuccess: refresh,
  });
}

export function useMarkAllRead() {
  const refresh = useRefreshAfterRead();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/v1/notification/read-all/')),
    onSuccess: refresh,
  });
}

// Notifications (spec 000 §3 "Notification", §4 "Notifications", §7): the list 12 a page,
// marking one read (POST /notification/{id}/{type}/) and all (POST /notification/read-all/).
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/request';
import { identityKey } from '../../../lib/auth/identity';

export const PAGE_SIZE = 12;
export const EMPTY_TEXT = 'No notifications to show';

export interface NotificationData {
  invitation_key?: string;
  name_slug?: string;
  group_type?: string;
  name?: string;
  image?: string | null;
  path?: string;
}

export interface AppNotification {
  id: number;
  type: string;
  notification_type: string;
  message: string;
  created_at: string;
  is_read: boolean;
  data: NotificationData;
}

export interface NotificationPage {
  data: AppNotification[];
  pagination: { count: number; next: string | null };
}

export const notificationsKey = ['notifications'] as const;

export function notificationsQuery(page: number) {
  return queryOptions({
    queryKey: [...notificationsKey, page],
    queryFn: ({ signal }) =>
      apiRequest<NotificationPage>('GET', '/api/v1/notification/', { query: { page, page_size: PAGE_SIZE }, signal }),
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
      apiRequest('POST', `/api/v1/notification/${notification.id}/${encodeURIComponent(notification.type)}/`),
    onSuccess: refresh,
  });
}

export function useMarkAllRead() {
  const refresh = useRefreshAfterRead();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/v1/notification/read-all/'),
    onSuccess: refresh,
  });
}

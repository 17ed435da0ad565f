import { Box, Button, Divider } from '@mui/material';
import TopBarPanel, { PanelStates } from '../../../components/shell/TopBarPanel';
import { usePanelAnchor } from '../../../components/shell/usePanelAnchor';
import { Link as RouterLink } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { NotificationsIcon } from '../../../components/icons';
import { identityKey, useIdentity } from '../../../lib/auth/identity';
import { useRealtimeEvents } from '../../../lib/realtime/hooks';
import { EMPTY_TEXT, notificationsKey, useNotifications } from '../api/notifications';
import NotificationsHeader from './NotificationsHeader';
import NotificationList from './NotificationList';

/**
 * The notifications menu of the top bar (spec 000 §2 "Shell", §4 "Notifications"): the unread
 * count on the bell, the latest 12, Mark all as read and a link to /notification. A
 * notification event of the socket refreshes the count and the list.
 */
export default function NotificationsMenu() {
  const { identity } = useIdentity();
  const client = useQueryClient();
  const panel = usePanelAnchor();
  const list = useNotifications(1, panel.open);
  const unread = identity?.unread_notifications_count ?? 0;

  useRealtimeEvents((event) => {
    if (event.type !== 'notification') return;
    void client.invalidateQueries({ queryKey: identityKey });
    void client.invalidateQueries({ queryKey: notificationsKey });
  });

  const items = list.data?.data ?? [];
  return (
    <TopBarPanel name="Notifications" unread={unread} icon={<NotificationsIcon />} panel={panel} width={380}>
      <NotificationsHeader />
      <Divider />
      <PanelStates query={list} empty={items.length === 0} loadingLabel="Loading notifications" emptyText={EMPTY_TEXT} />
      {items.length > 0 && <NotificationList items={items} dense onOpen={() => panel.close()} />}
      <Divider />
      <Box sx={{ p: 1, textAlign: 'center' }}>
        <Button component={RouterLink} to="/notification" size="small" onClick={() => panel.close()}>
          See all notifications
        </Button>
      </Box>
    </TopBarPanel>
  );
}

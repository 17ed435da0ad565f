import { useId, useState } from 'react';
import { Badge, Box, Button, CircularProgress, Divider, IconButton, Popover, Stack, Tooltip, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { NotificationsIcon } from '../../../components/icons';
import { identityKey, useIdentity } from '../../../lib/auth/identity';
import { useRealtimeEvents } from '../../../lib/realtime/hooks';
import { EMPTY_TEXT, notificationsKey, useMarkAllRead, useNotifications } from '../api/notifications';
import NotificationList from './NotificationList';

/**
 * The notifications menu of the top bar (spec 000 §2 "Shell", §4 "Notifications"): the unread
 * count on the bell, the latest 12, Mark all as read and a link to /notification. A
 * notification event of the socket refreshes the count and the list.
 */
export default function NotificationsMenu() {
  const { identity } = useIdentity();
  const client = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = Boolean(anchor);
  const list = useNotifications(1, open);
  const markAll = useMarkAllRead();
  const panelId = useId();
  const unread = identity?.unread_notifications_count ?? 0;

  useRealtimeEvents((event) => {
    if (event.type !== 'notification') return;
    void client.invalidateQueries({ queryKey: identityKey });
    void client.invalidateQueries({ queryKey: notificationsKey });
  });

  const items = list.data?.data ?? [];
  return (
    <>
      <Tooltip title="Notifications">
        <IconButton
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
          aria-haspopup="dialog"
          aria-controls={open ? panelId : undefined}
          aria-expanded={open}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Badge badgeContent={unread} color="error" max={99}>
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        id={panelId}
        open={open}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: { xs: 'calc(100vw - 16px)', sm: 380 }, maxHeight: '70vh' } } }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flexGrow: 1 }}>
            Notifications
          </Typography>
          <Button size="small" onClick={() => markAll.mutate()} disabled={unread === 0 || markAll.isPending}>
            Mark all as read
          </Button>
        </Stack>
        <Divider />
        {list.isPending && (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
            <CircularProgress size={24} aria-label="Loading notifications" />
          </Box>
        )}
        {list.isError && (
          <Typography sx={{ p: 2 }} color="error">
            Could not fetch items.
          </Typography>
        )}
        {list.isSuccess && items.length === 0 && (
          <Typography sx={{ p: 2 }} color="text.secondary">
            {EMPTY_TEXT}
          </Typography>
        )}
        {items.length > 0 && <NotificationList items={items} dense onOpen={() => setAnchor(null)} />}
        <Divider />
        <Box sx={{ p: 1, textAlign: 'center' }}>
          <Button component={RouterLink} to="/notification" size="small" onClick={() => setAnchor(null)}>
            See all notifications
          </Button>
        </Box>
      </Popover>
    </>
  );
}

import { Avatar, List, ListItemAvatar, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { targetOf, useMarkRead, type AppNotification } from '../api/notifications';

interface Props {
  items: AppNotification[];
  /** Called after a click, before navigating (the menu closes itself). */
  onOpen?: () => void;
  dense?: boolean;
}

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString();
}

/** Notifications, unread ones highlighted; a click marks one read and opens its target (spec 000 §4). */
export default function NotificationList({ items, onOpen, dense }: Props) {
  const navigate = useNavigate();
  const markRead = useMarkRead();
  const open = (notification: AppNotification) => {
    onOpen?.();
    const go = () => {
      const target = targetOf(notification);
      if (target) void navigate(target);
    };
    if (notification.is_read) go();
    else markRead.mutate(notification, { onSettled: go });
  };
  return (
    <List dense={dense} disablePadding aria-label="Notifications">
      {items.map((notification) => (
        <ListItemButton
          key={notification.id}
          onClick={() => open(notification)}
          data-unread={!notification.is_read}
          sx={{
            alignItems: 'flex-start',
            bgcolor: notification.is_read ? 'transparent' : 'action.selected',
            borderLeft: 3,
            borderColor: notification.is_read ? 'transparent' : 'primary.main',
          }}
        >
          <ListItemAvatar sx={{ minWidth: 48 }}>
            <Avatar src={notification.data.image ?? undefined} alt="" sx={{ width: 36, height: 36 }}>
              {(notification.data.name ?? '?').slice(0, 1)}
            </Avatar>
          </ListItemAvatar>
          <ListItemText
            primary={
              <Typography variant="body2" sx={{ fontWeight: notification.is_read ? 400 : 600, overflowWrap: 'anywhere' }}>
                {notification.message}
                {!notification.is_read && (
                  <Typography component="span" sx={{ position: 'absolute', left: -9999 }}>
                    {' '}
                    (unread)
                  </Typography>
                )}
              </Typography>
            }
            secondary={when(notification.created_at)}
          />
        </ListItemButton>
      ))}
    </List>
  );
}

import { Button, Stack, Typography } from '@mui/material';
import { useIdentity } from '../../../lib/auth/identity';
import { useMarkAllRead } from '../api/notifications';

/** "Notifications" and Mark all as read (while some are unread): the top bar's panel's header, or with `page` the page's. */
export default function NotificationsHeader({ page = false }: { page?: boolean }) {
  const markAll = useMarkAllRead();
  const { identity } = useIdentity();
  const unread = identity?.unread_notifications_count ?? 0;
  return (
    <Stack direction="row" sx={page ? { alignItems: 'center', mb: 2, gap: 1, flexWrap: 'wrap' } : { alignItems: 'center', px: 2, py: 1 }}>
      <Typography variant={page ? 'h5' : 'subtitle1'} component={page ? 'h1' : 'h2'} sx={{ fontWeight: page ? 700 : 600, flexGrow: 1 }}>
        Notifications
      </Typography>
      <Button
        size={page ? 'medium' : 'small'}
        variant={page ? 'outlined' : 'text'}
        onClick={() => markAll.mutate()}
        disabled={unread === 0 || markAll.isPending}
      >
        Mark all as read
      </Button>
    </Stack>
  );
}

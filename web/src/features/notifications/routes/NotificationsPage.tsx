import { Box, CircularProgress, Pagination, Paper, Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import { EMPTY_TEXT, PAGE_SIZE, useNotifications } from '../api/notifications';
import NotificationsHeader from '../components/NotificationsHeader';
import NotificationList from '../components/NotificationList';

/** /notification: every notification, 12 a page, unread highlighted, with Mark all as read. */
export default function NotificationsPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useNotifications(page);
  const count = list.data?.pagination.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));
  const items = list.data?.data ?? [];

  return (
    <Box sx={{ maxWidth: 760, mx: 'auto', p: { xs: 1.5, md: 3 } }}>
      <NotificationsHeader page />
      <Paper variant="outlined" sx={{ borderRadius: 2, overflow: 'hidden' }}>
        {list.isPending && (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
            <CircularProgress aria-label="Loading notifications" />
          </Box>
        )}
        {list.isError && (
          <Typography sx={{ p: 3 }} color="error">
            Could not fetch items.
          </Typography>
        )}
        {list.isSuccess && items.length === 0 && (
          <Typography sx={{ p: 3 }} color="text.secondary">
            {EMPTY_TEXT}
          </Typography>
        )}
        {items.length > 0 && <NotificationList items={items} />}
      </Paper>
      {pages > 1 && (
        <Pagination
          sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
          page={Math.min(page, pages)}
          count={pages}
          onChange={(_, next) => {
            const nextParams = new URLSearchParams(params);
            if (next === 1) nextParams.delete('page');
            else nextParams.set('page', String(next));
            setParams(nextParams);
          }}
        />
      )}
    </Box>
  );
}

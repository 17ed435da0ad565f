import { useState } from 'react';
import { Avatar, Box, Button, Card, CardActionArea, CardContent, Chip, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useSnackbar } from '../../../lib/snackbar';
import FavouriteButton from '../../../components/reactions/FavouriteButton';
import { moderateContent, useRefreshContents } from '../api/contents';
import type { Content } from '../api/types';
import { MESSAGES, textOf } from '../contentRules';

/** A resource or prompt card: thumbnail, title, snippet, status; approve/reject for moderators while not approved. */
export default function ResourceCard({ item }: { item: Content }) {
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefreshContents();
  const [busy, setBusy] = useState(false);
  const moderate = async (action: 'approve' | 'reject') => {
    setBusy(true);
    try {
      enqueueSnackbar(await moderateContent(item.id, action), { variant: 'success' });
      void refresh();
    } catch {
      enqueueSnackbar(MESSAGES.moderateFailed(action), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const path = `/resource/${item.slug}`;
  return (
    <Card variant="outlined" sx={{ borderRadius: 3, height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardActionArea component={RouterLink} to={path} sx={{ flexGrow: 1, display: 'block' }}>
        {item.thumbnail_image ? (
          <Box component="img" src={item.thumbnail_image} alt="" loading="lazy" sx={{ width: '100%', height: 140, objectFit: 'cover' }} />
        ) : (
          <Box sx={{ height: 8, bgcolor: 'primary.main' }} />
        )}
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap', gap: 0.5 }}>
            {item.type === 'prompt' && <Chip size="small" label="Prompt" />}
            {item.is_premium && <Chip size="small" color="secondary" label="Premium" />}
            {item.status !== 'approved' && <Chip size="small" variant="outlined" label={item.status === 'pending' ? 'Pending' : 'Rejected'} />}
          </Stack>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {item.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {textOf(item.content).slice(0, 200)}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 1.5, alignItems: 'center' }}>
            <Avatar src={item.created_by?.image ?? undefined} alt="" sx={{ width: 24, height: 24 }} />
            <Typography variant="caption" color="text.secondary">
              {item.created_by ? `${item.created_by.profile.first_name} ${item.created_by.profile.last_name}` : ''}
            </Typography>
          </Stack>
        </CardContent>
      </CardActionArea>
      {item.status === 'approved' && (
        <Stack direction="row" sx={{ px: 1, justifyContent: 'flex-end' }}>
          <FavouriteButton kind="resource" item={item} size="small" />
        </Stack>
      )}
      {item.can_moderate && (
        <Stack direction="row" spacing={1} sx={{ p: 1.5, pt: 0 }}>
          <Button size="small" variant="contained" disabled={busy} onClick={() => void moderate('approve')}>
            Approve
          </Button>
          <Button size="small" color="error" disabled={busy || item.status === 'rejected'} onClick={() => void moderate('reject')}>
            Reject
          </Button>
        </Stack>
      )}
    </Card>
  );
}

import { Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { GroupsIcon } from './icons';

/** A slug that matches no group (spec 001 §2): "the {kind} you're looking for doesn't exist…". */
export default function GroupNotFound({ kind }: { kind: 'organization' | 'circle' | 'event' | 'group' }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 8, md: 12 }, px: 2 }}>
      <GroupsIcon sx={{ fontSize: 64, color: 'text.disabled' }} />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, maxWidth: 640 }}>
        {`It seems like the ${kind} you're looking for doesn't exist or the path is incorrect. Please check the URL and try again.`}
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Go to Home
      </Button>
    </Stack>
  );
}

import { Avatar, Box, Paper, Stack, Typography } from '@mui/material';
import { canInvite, isAdministrator } from '../../../lib/groups/rules';
import type { Group } from '../../../lib/groups/types';
import FollowGroupButton from './FollowGroupButton';
import GroupCover from './GroupCover';
import ImageUploadButton from './ImageUploadButton';
import GroupHeaderActions from './GroupHeaderActions';

/** The organization header (spec 001 §2): cover, logo (uploads for administrators), name, counts, share, edit. */
export default function OrgHeader({ group, signedIn }: { group: Group; signedIn: boolean }) {
  const admin = isAdministrator(group);
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
      <GroupCover group={group} admin={admin} height={{ xs: 110, md: 180 }} />
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={{ xs: 1.5, md: 3 }}
        sx={{ px: { xs: 2, md: 4 }, pb: { xs: 2.5, md: 3 }, alignItems: { md: 'flex-start' } }}
      >
        <Box sx={{ position: 'relative', flexShrink: 0, mt: { xs: -5, md: -6 }, width: 'fit-content' }}>
          <Avatar
            src={group.logo ?? undefined}
            alt={`${group.name} logo`}
            variant="rounded"
            sx={{ width: { xs: 80, md: 104 }, height: { xs: 80, md: 104 }, border: 3, borderColor: 'background.paper', bgcolor: 'secondary.main', fontSize: 36 }}
          >
            {group.name.charAt(0)}
          </Avatar>
          {admin && (
            <Box sx={{ position: 'absolute', right: -8, bottom: -8 }}>
              <ImageUploadButton groupId={group.id} kind="logo" compact />
            </Box>
          )}
        </Box>
        <Box sx={{ flexGrow: 1, minWidth: 0, pt: { md: 2 } }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {group.name}
          </Typography>
          {!group.is_influencer && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              <strong>{group.total_members}</strong> {group.total_members === 1 ? 'member' : 'members'} ·{' '}
              <strong>{group.total_circles}</strong> {group.total_circles === 1 ? 'circle' : 'circles'}
            </Typography>
          )}
          {group.country && (
            <Typography variant="body2" color="text.secondary">
              {group.location ? `${group.location}, ${group.country}` : group.country}
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', flexShrink: 0, pt: { md: 2 } }}>
          <FollowGroupButton group={group} signedIn={signedIn} />
          <GroupHeaderActions group={group} mayInvite={signedIn && canInvite(group) && !group.is_influencer} editVariant="contained" />
        </Stack>
      </Stack>
    </Paper>
  );
}

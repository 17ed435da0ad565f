import { Chip, Link, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { canInvite, dateRange, groupPath, isAdministrator, lifecycleOf } from '../../../lib/groups/rules';
import type { Group } from '../../../lib/groups/types';
import FavouriteButton from '../../../components/reactions/FavouriteButton';
import JoinControl from './JoinControl';
import PayCard from './PayCard';
import FollowGroupButton from './FollowGroupButton';
import GroupCover from './GroupCover';
import GroupHeaderActions from './GroupHeaderActions';
import { CalendarIcon, GroupsIcon, LinkIcon } from './icons';

/** The circle or event hero (spec 001 §2): cover, name, dates, counts, lifecycle, join, follow, favourite, invite, edit. */
export default function GroupHero({ group, signedIn }: { group: Group; signedIn: boolean }) {
  const admin = isAdministrator(group);
  const lifecycle = lifecycleOf(group);
  const dates = dateRange(group.start_date, group.end_date);
  const applications = dateRange(group.application_open_date, group.application_close_date);
  const isEvent = group.group_type === 'event';
  const external = isEvent && group.extra_info?.is_external ? group.extra_info.external_link : null;
  const count = group.total_members;
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
      <GroupCover group={group} admin={admin} height={{ xs: 140, md: 220 }} />
      <Stack spacing={1.5} sx={{ p: { xs: 2, md: 3 } }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {group.name}
          </Typography>
          {lifecycle && <Chip size="small" color="primary" variant="outlined" label={lifecycle.label} />}
          {group.waitlisted && <Chip size="small" color="warning" label="Wait list" />}
        </Stack>
        {group.parent_group_detail && (
          <Typography variant="body2" color="text.secondary">
            by{' '}
            <Link component={RouterLink} to={groupPath(group.parent_group_detail)}>
              {group.parent_group_detail.name}
            </Link>
          </Typography>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 3 }} sx={{ color: 'text.secondary' }}>
          {dates && (
            <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
              <CalendarIcon fontSize="small" />
              <Typography variant="body2">{dates}</Typography>
            </Stack>
          )}
          {applications && (
            <Typography variant="body2">
              {isEvent ? 'Registration' : 'Applications'}: {applications}
            </Typography>
          )}
        </Stack>
        {!group.is_influencer && (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', color: 'text.secondary' }}>
            <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
              <GroupsIcon fontSize="small" />
              <Typography variant="body2">
                <strong>{count}</strong> {isEvent ? (count === 1 ? 'participant' : 'participants') : count === 1 ? 'member' : 'members'}
              </Typography>
            </Stack>
            {admin && (group.pending_members_count ?? 0) > 0 && (
              <Typography variant="body2">
                <strong>{group.pending_members_count}</strong> pending
              </Typography>
            )}
          </Stack>
        )}
        {external && (
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <LinkIcon fontSize="small" color="primary" />
            <Link href={external} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
              {external}
            </Link>
          </Stack>
        )}
        {!external && <PayCard group={group} />}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start', pt: 0.5 }}>
          {!external && <JoinControl group={group} signedIn={signedIn} />}
          <FollowGroupButton group={group} signedIn={signedIn} />
          <FavouriteButton kind="group" item={{ id: group.id, name: group.name, is_bookmarked: group.is_bookmarked ?? false }} />
          <GroupHeaderActions group={group} mayInvite={signedIn && canInvite(group)} editVariant="outlined" />
        </Stack>
      </Stack>
    </Paper>
  );
}

import { Avatar, Box, Checkbox, Chip, Link, ListItem, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { MemberAction } from '../memberActions';
import { capitalize } from '../../../lib/groups/rules';
import type { Member } from '../../../lib/groups/types';
import MemberActionsMenu from './MemberActionsMenu';

interface Props {
  member: Member;
  /** Row actions this viewer may take on this member (none: no menu). */
  actions: MemberAction[];
  onAction: (action: MemberAction, member: Member) => void;
  selectable?: boolean;
  selected?: boolean;
  onToggle?: () => void;
  showPayment?: boolean;
}

/**
 * One person of a members list: picture, name, institution, role, for a rejected person the
 * stored removal reason or rejection notes (administrators get them), and the admin's actions.
 */
export default function MemberRow({ member, actions, onAction, selectable, selected, onToggle, showPayment }: Props) {
  const name = member.name || 'Member';
  // Why a person is on the Rejected tab: a removal's reason or a rejection's notes.
  const rejected = member.membership_status === 'rejected';
  return (
    <ListItem
      divider
      sx={{ px: { xs: 1, sm: 2 }, gap: { xs: 1, sm: 1.5 }, alignItems: 'center' }}
      secondaryAction={
        actions.length > 0 ? (
          <MemberActionsMenu name={name} actions={actions} onAction={(action) => onAction(action, member)} edge="end" />
        ) : undefined
      }
    >
      {selectable && (
        <Checkbox edge="start" checked={Boolean(selected)} onChange={onToggle} slotProps={{ input: { 'aria-label': `Select ${name}` } }} />
      )}
      <Avatar src={member.image ?? undefined} alt="" sx={{ display: { xs: selectable ? 'none' : 'flex', sm: 'flex' } }} />
      <Box sx={{ minWidth: 0, flexGrow: 1, pr: actions.length > 0 ? 5 : 0 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          {member.name_slug ? (
            <Link component={RouterLink} to={`/profile/${encodeURIComponent(member.name_slug)}`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {name}
            </Link>
          ) : (
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
          )}
          {member.membership_role && member.membership_role !== 'member' && (
            <Chip size="small" label={capitalize(member.membership_role)} />
          )}
          {!member.is_verified && <Chip size="small" variant="outlined" label="Unverified" />}
          {member.waitlisted && <Chip size="small" color="warning" variant="outlined" label="Wait list" />}
          {showPayment && member.payment_status && (
            <Chip
              size="small"
              variant="outlined"
              color={member.payment_status === 'confirmed' ? 'success' : 'default'}
              label={member.payment_status === 'confirmed' ? 'Paid' : 'Unpaid'}
            />
          )}
        </Stack>
        {member.institution_name && (
          <Typography variant="body2" color="text.secondary" noWrap>
            {member.institution_name}
          </Typography>
        )}
        {rejected && member.reason && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {`Reason: ${member.reason}`}
          </Typography>
        )}
        {rejected && member.notes && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {`Notes: ${member.notes}`}
          </Typography>
        )}
      </Box>
    </ListItem>
  );
}

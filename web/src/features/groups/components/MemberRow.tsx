import { useState } from 'react';
import { Avatar, Box, Checkbox, Chip, IconButton, Link, ListItem, Menu, MenuItem, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { capitalize } from '../../../lib/groups/rules';
import type { Member } from '../../../lib/groups/types';
import { MoreIcon } from './icons';

export type MemberAction = 'accept' | 'reject' | 'remove' | 'mark-paid' | 'mark-unpaid';

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

const ACTION_LABELS: Record<MemberAction, string> = {
  accept: 'Accept',
  reject: 'Reject',
  remove: 'Remove member',
  'mark-paid': 'Mark as paid',
  'mark-unpaid': 'Mark as unpaid',
};

/** One person of a members list: picture, name, institution, role, and the admin's actions. */
export default function MemberRow({ member, actions, onAction, selectable, selected, onToggle, showPayment }: Props) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = member.name || 'Member';
  return (
    <ListItem
      divider
      sx={{ px: { xs: 1, sm: 2 }, gap: 1.5, alignItems: 'center' }}
      secondaryAction={
        actions.length > 0 ? (
          <>
            <IconButton edge="end" aria-label={`Actions for ${name}`} onClick={(event) => setAnchor(event.currentTarget)}>
              <MoreIcon />
            </IconButton>
            <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
              {actions.map((action) => (
                <MenuItem
                  key={action}
                  onClick={() => {
                    setAnchor(null);
                    onAction(action, member);
                  }}
                  sx={action === 'remove' ? { color: 'error.main' } : undefined}
                >
                  {ACTION_LABELS[action]}
                </MenuItem>
              ))}
            </Menu>
          </>
        ) : undefined
      }
    >
      {selectable && (
        <Checkbox edge="start" checked={Boolean(selected)} onChange={onToggle} slotProps={{ input: { 'aria-label': `Select ${name}` } }} />
      )}
      <Avatar src={member.image ?? undefined} alt="" />
      <Box sx={{ minWidth: 0, flexGrow: 1, pr: actions.length > 0 ? 5 : 0 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          {member.name_slug ? (
            <Link component={RouterLink} to={`/profile/${encodeURIComponent(member.name_slug)}`} sx={{ fontWeight: 600 }}>
              {name}
            </Link>
          ) : (
            <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
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
      </Box>
    </ListItem>
  );
}

import { useState } from 'react';
import { IconButton, Menu, MenuItem } from '@mui/material';
import { MEMBER_ACTION_LABELS, type MemberAction } from '../memberActions';
import { MoreIcon } from './icons';

interface Props {
  name: string;
  actions: MemberAction[];
  onAction: (action: MemberAction) => void;
  edge?: 'end' | false;
}

/** The ⋮ menu of a member's row ("Actions for {name}"); nothing when there are no actions. */
export default function MemberActionsMenu({ name, actions, onAction, edge = false }: Props) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (actions.length === 0) return null;
  return (
    <>
      <IconButton
        edge={edge}
        aria-label={`Actions for ${name}`}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {actions.map((action) => (
          <MenuItem
            key={action}
            onClick={() => {
              setAnchor(null);
              onAction(action);
            }}
            sx={action === 'remove' || action === 'reject' ? { color: 'error.main' } : undefined}
          >
            {MEMBER_ACTION_LABELS[action]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

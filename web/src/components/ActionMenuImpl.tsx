import { Menu, MenuItem } from '@mui/material';
import type { ActionMenuProps } from './ActionMenu';

/** The menu of ActionMenu, loaded when it first opens. */
export default function ActionMenuImpl({ id, anchorEl, onClose, items }: ActionMenuProps) {
  return (
    <Menu id={id} anchorEl={anchorEl} open={Boolean(anchorEl)} onClose={onClose}>
      {items.map((item) => (
        <MenuItem
          key={item.label}
          onClick={() => {
            onClose();
            item.onSelect();
          }}
          sx={item.danger ? { color: 'error.main' } : undefined}
        >
          {item.label}
        </MenuItem>
      ))}
    </Menu>
  );
}

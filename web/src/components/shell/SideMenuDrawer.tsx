import { Box, Drawer, IconButton, Toolbar } from '@mui/material';
import type { MenuSection } from './menuSections';
import Logo from './Logo';
import { CloseIcon } from '../icons';
import { SIDE_MENU_ID, SIDE_MENU_WIDTH } from './dimensions';
import { MenuContent } from './SideMenu';

interface Props {
  sections: MenuSection[];
  navLabel: string;
  name: string;
  logo?: string | null;
  showPoweredBy: boolean;
  open: boolean;
  onClose: () => void;
}

const paper = { width: SIDE_MENU_WIDTH, boxSizing: 'border-box', display: 'flex', flexDirection: 'column' } as const;

/** The side menu below lg: a drawer opened from the top bar (loaded by SideMenu). */
export default function SideMenuDrawer({ sections, navLabel, name, logo, showPoweredBy, open, onClose }: Props) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { id: SIDE_MENU_ID } }}
      // Above the top bar, which sits over the permanent menu on wide screens.
      sx={{ zIndex: (theme) => theme.zIndex.drawer + 2, '& .MuiDrawer-paper': paper }}
    >
      <Toolbar sx={{ gap: 1, justifyContent: 'space-between', borderBottom: 1, borderColor: 'divider' }}>
        <Box onClick={onClose} sx={{ minWidth: 0, display: 'flex' }}>
          <Logo name={name} logo={logo} />
        </Box>
        <IconButton edge="end" aria-label="Close menu" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Toolbar>
      <MenuContent sections={sections} navLabel={navLabel} showPoweredBy={showPoweredBy} onNavigate={onClose} />
    </Drawer>
  );
}

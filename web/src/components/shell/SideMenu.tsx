import {
  Box,
  Divider,
  Drawer,
  IconButton,
  Link,
  List,
  ListItemButton,
  ListItemText,
  ListSubheader,
  Toolbar,
} from '@mui/material';
import { NavLink } from 'react-router';
import type { MenuSection } from './menuSections';
import Logo from './Logo';
import { CloseIcon } from '../icons';
import { SIDE_MENU_ID, SIDE_MENU_WIDTH } from './dimensions';

interface Props {
  sections: MenuSection[];
  /** The nav landmark's name ("Main menu", "Admin menu"). */
  navLabel?: string;
  name: string;
  logo?: string | null;
  showPoweredBy: boolean;
  /** A permanent column (lg and up) or a drawer opened from the top bar. */
  permanent: boolean;
  open: boolean;
  onClose: () => void;
}

const itemSx = {
  mx: 1,
  borderRadius: 2,
  '&.active': { bgcolor: 'primary.light', color: 'primary.main' },
  '&.active .MuiListItemText-primary': { fontWeight: 600 },
} as const;

function Section({ section, onNavigate }: { section: MenuSection; onNavigate?: () => void }) {
  const headingId = section.title ? `menu-section-${section.title.replace(/\W+/g, '-').toLowerCase()}` : undefined;
  return (
    <List
      dense
      aria-labelledby={headingId}
      subheader={
        section.title ? (
          <ListSubheader
            id={headingId}
            component="h2"
            sx={{ bgcolor: 'transparent', lineHeight: '36px', fontWeight: 700, fontSize: 13, position: 'static' }}
          >
            {section.title}
          </ListSubheader>
        ) : undefined
      }
    >
      {section.items.map((item) => (
        <li key={item.to}>
          <ListItemButton component={NavLink} to={item.to} end={item.end} onClick={onNavigate} sx={itemSx}>
            <ListItemText primary={item.label} />
          </ListItemButton>
        </li>
      ))}
    </List>
  );
}

function MenuContent({
  sections,
  navLabel,
  showPoweredBy,
  onNavigate,
}: {
  sections: MenuSection[];
  navLabel: string;
  showPoweredBy: boolean;
  onNavigate?: () => void;
}) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0 }}>
      <Box component="nav" aria-label={navLabel} sx={{ flexGrow: 1, overflowY: 'auto', py: 1 }}>
        {sections.map((section, index) => (
          <Section key={section.title ?? index} section={section} onNavigate={onNavigate} />
        ))}
      </Box>
      {showPoweredBy && (
        <>
          <Divider />
          <Box sx={{ p: 2, fontSize: 13, color: 'text.secondary' }}>
            Powered by{' '}
            <Link href="https://waypoint.app" target="_blank" rel="noopener">
              Waypoint
            </Link>
          </Box>
        </>
      )}
    </Box>
  );
}

/** The left side menu (spec 000 §2 "Shell"), and the admin dashboard's with its own sections. */
export default function SideMenu({
  sections,
  navLabel = 'Main menu',
  name,
  logo,
  showPoweredBy,
  permanent,
  open,
  onClose,
}: Props) {
  const paper = { width: SIDE_MENU_WIDTH, boxSizing: 'border-box', display: 'flex', flexDirection: 'column' } as const;
  if (permanent) {
    return (
      <Drawer
        variant="permanent"
        slotProps={{ paper: { id: SIDE_MENU_ID } }}
        sx={{
          width: SIDE_MENU_WIDTH,
          flexShrink: 0,
          '& .MuiDrawer-paper': { ...paper, borderRight: 1, borderColor: 'divider' },
        }}
      >
        <Toolbar />
        <MenuContent sections={sections} navLabel={navLabel} showPoweredBy={showPoweredBy} />
      </Drawer>
    );
  }
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

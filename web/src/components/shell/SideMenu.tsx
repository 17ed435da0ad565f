import { lazy, Suspense, useEffect, useState } from 'react';
import { Box, Divider, Link, List, ListItemButton, ListItemText, ListSubheader, Paper, Toolbar } from '@mui/material';
import { NavLink } from 'react-router';
import type { MenuSection } from './menuSections';
import { SIDE_MENU_ID, SIDE_MENU_WIDTH } from './dimensions';

// The drawer of narrow screens (MUI's Drawer with its Modal, Slide and focus trap) renders
// nothing while closed: its code downloads once the page is idle, or when it is first opened.
const loadDrawer = () => import('./SideMenuDrawer');
const SideMenuDrawer = lazy(loadDrawer);

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

export function MenuContent({
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
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  useEffect(() => {
    if (permanent) return undefined;
    const idle = typeof window.requestIdleCallback === 'function';
    const handle = idle ? window.requestIdleCallback(() => void loadDrawer(), { timeout: 4000 }) : window.setTimeout(() => void loadDrawer(), 1000);
    return () => (idle ? window.cancelIdleCallback(handle) : window.clearTimeout(handle));
  }, [permanent]);
  if (permanent) {
    // What MUI's permanent Drawer renders (its docked root and paper, same classes), without
    // importing the Drawer module, which brings the temporary drawer's Modal with it.
    return (
      <Box className="MuiDrawer-root MuiDrawer-docked" sx={{ flex: '0 0 auto', width: SIDE_MENU_WIDTH, flexShrink: 0 }}>
        <Paper
          square
          elevation={0}
          id={SIDE_MENU_ID}
          className="MuiDrawer-paper MuiDrawer-paperAnchorLeft MuiDrawer-paperAnchorDockedLeft"
          sx={{
            overflowY: 'auto',
            display: 'flex',
            flexDirection: 'column',
            height: '100%',
            flex: '1 0 auto',
            zIndex: 'drawer',
            WebkitOverflowScrolling: 'touch',
            position: 'fixed',
            top: 0,
            left: 0,
            outline: 0,
            width: SIDE_MENU_WIDTH,
            boxSizing: 'border-box',
            borderRight: 1,
            borderColor: 'divider',
          }}
        >
          <Toolbar />
          <MenuContent sections={sections} navLabel={navLabel} showPoweredBy={showPoweredBy} />
        </Paper>
      </Box>
    );
  }
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <SideMenuDrawer sections={sections} navLabel={navLabel} name={name} logo={logo} showPoweredBy={showPoweredBy} open={open} onClose={onClose} />
    </Suspense>
  );
}

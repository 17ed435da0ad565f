// The admin dashboard's own side menu (spec 002 §2, 000 §2 "Admin menu"): a permanent
// column from lg, a drawer opened from the top bar below.
import { Box, Drawer, IconButton, List, ListItemButton, ListItemText, Toolbar } from '@mui/material';
import { NavLink } from 'react-router';
import Logo from '../../../components/shell/Logo';
import { CloseIcon } from '../../../components/icons';
import { SIDE_MENU_ID, SIDE_MENU_WIDTH } from '../../../components/shell/dimensions';
import { adminMenu } from '../adminRules';

interface Props {
  name: string;
  logo?: string | null;
  showJobs: boolean;
  permanent: boolean;
  open: boolean;
  onClose: () => void;
}

function Items({ showJobs, onNavigate }: { showJobs: boolean; onNavigate?: () => void }) {
  return (
    <Box component="nav" aria-label="Admin menu" sx={{ flexGrow: 1, overflowY: 'auto', py: 1 }}>
      <List dense>
        {adminMenu(showJobs).map((item) => (
          <li key={item.to}>
            <ListItemButton
              component={NavLink}
              to={item.to}
              end={item.end}
              onClick={onNavigate}
              sx={{
                mx: 1,
                borderRadius: 2,
                '&.active': { bgcolor: 'primary.light', color: 'primary.main' },
                '&.active .MuiListItemText-primary': { fontWeight: 600 },
              }}
            >
              <ListItemText primary={item.label} />
            </ListItemButton>
          </li>
        ))}
      </List>
    </Box>
  );
}

export default function AdminSideMenu({ name, logo, showJobs, permanent, open, onClose }: Props) {
  const paper = { width: SIDE_MENU_WIDTH, boxSizing: 'border-box', display: 'flex', flexDirection: 'column' } as const;
  if (permanent) {
    return (
      <Drawer
        variant="permanent"
        slotProps={{ paper: { id: SIDE_MENU_ID } }}
        sx={{ width: SIDE_MENU_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { ...paper, borderRight: 1, borderColor: 'divider' } }}
      >
        <Toolbar />
        <Items showJobs={showJobs} />
      </Drawer>
    );
  }
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { id: SIDE_MENU_ID } }}
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
      <Items showJobs={showJobs} onNavigate={onClose} />
    </Drawer>
  );
}

import { lazy, Suspense } from 'react';
import { AppBar, Box, Button, IconButton, Stack, Toolbar } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import Logo from '../../components/shell/Logo';
import { MenuIcon } from '../../components/icons';
import { withNext } from '../../components/shell/nextParam';
import { SIDE_MENU_ID } from '../../components/shell/dimensions';

// Signed-in users only: guests do not download its menu, tooltips and dialog.
const AccountMenu = lazy(() => import('../../components/shell/AccountMenu'));
// The messages and notifications menus load on demand too (and with them the chat code).
const MessagesMenu = lazy(() => import('../../features/chat/components/MessagesMenu'));
const NotificationsMenu = lazy(() => import('../../features/notifications/components/NotificationsMenu'));
// The admin/user view toggle, for administrators of the site's organization.
const AdminViewToggle = lazy(() => import('../../components/shell/AdminViewToggle'));

interface Props {
  name: string;
  logo?: string | null;
  guest: boolean;
  showMenuButton: boolean;
  menuOpen: boolean;
  onOpenMenu: () => void;
}

/** The fixed top bar: menu button below lg, the tenant's logo, Login/Signup for guests, the account menu otherwise. */
export default function TopBar({ name, logo, guest, showMenuButton, menuOpen, onOpenMenu }: Props) {
  const location = useLocation();
  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider', zIndex: (theme) => theme.zIndex.drawer + 1 }}
    >
      <Toolbar sx={{ gap: 1 }}>
        {showMenuButton && (
          <IconButton
            edge="start"
            aria-label="Open menu"
            aria-controls={SIDE_MENU_ID}
            aria-expanded={menuOpen}
            onClick={onOpenMenu}
          >
            <MenuIcon />
          </IconButton>
        )}
        <Logo name={name} logo={logo} />
        <Box sx={{ flexGrow: 1 }} />
        {!guest && (
          <Suspense fallback={null}>
            <AdminViewToggle />
            <MessagesMenu />
            <NotificationsMenu />
            <AccountMenu />
          </Suspense>
        )}
        {guest && (
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
            <Button component={RouterLink} to={withNext('/login', location)} variant="outlined" size="small">
              Login
            </Button>
            <Button component={RouterLink} to={withNext('/signup', location)} variant="contained" size="small">
              Signup
            </Button>
          </Stack>
        )}
      </Toolbar>
    </AppBar>
  );
}

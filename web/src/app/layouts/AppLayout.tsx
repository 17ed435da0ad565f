import { lazy, Suspense, useEffect, useState } from 'react';
import { Box, Link, Toolbar, useMediaQuery, useTheme } from '@mui/material';
import { Outlet, useLocation } from 'react-router';
import { useAppConfig } from '../../lib/config/appConfig';
import { useSignedIn } from '../../lib/auth/session';
import TopBar from './TopBar';
import SideMenu from '../../components/shell/SideMenu';
import GuestBanner from '../../components/shell/GuestBanner';
import { GUEST_BANNER_HEIGHT } from '../../components/shell/dimensions';
import PageSpinner from '../../components/PageSpinner';
import { menuSections } from '../../components/shell/menuSections';
import { showsRightPanel } from '../../lib/recommendations/rightPanel';

const RightPanel = lazy(() => import('../../features/assistant/RightPanel'));

// Signed-in users only, and shown only once their identity and plans are in (two round trips
// after the first paint): it comes after the page and sticks to the screen's bottom, so that its
// arrival moves nothing already on screen (issue 30: it pushed /careergps down by 68 px, CLS 0.078).
const MembershipBanner = lazy(() => import('../../features/payments/components/MembershipBanner'));

// The docked chat panel and the tab's real-time socket, for signed-in users only.
const ChatDock = lazy(() => import('../../features/chat/components/ChatDock'));

/** Top bar, side menu (permanent from lg, a drawer below) and, for guests, the bottom banner. */
export default function AppLayout() {
  const config = useAppConfig();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'));
  const [menuOpen, setMenuOpen] = useState(false);
  const guest = !useSignedIn();
  const { pathname } = useLocation();
  const panel = wide && !guest && showsRightPanel(pathname);

  useEffect(() => {
    document.title = config.organization.name;
  }, [config.organization.name]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <Link
        href="#main-content"
        sx={{
          position: 'absolute',
          left: -9999,
          zIndex: 2000,
          '&:focus': { left: 16, top: 16, bgcolor: 'background.paper', p: 1, borderRadius: 1 },
        }}
      >
        Skip to content
      </Link>
      <TopBar
        name={config.organization.name}
        logo={config.organization.logo}
        guest={guest}
        showMenuButton={!wide}
        menuOpen={menuOpen}
        onOpenMenu={() => setMenuOpen(true)}
      />
      <SideMenu
        sections={menuSections(config.ui)}
        name={config.organization.name}
        logo={config.organization.logo}
        showPoweredBy={config.ui.show_powered_by}
        permanent={wide}
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
      />
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, pb: guest ? GUEST_BANNER_HEIGHT : 0, '&:focus, &:focus-visible': { outline: 'none' } }}
      >
        <Toolbar />
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
        {!guest && (
          <Suspense fallback={null}>
            <MembershipBanner />
          </Suspense>
        )}
      </Box>
      {panel && (
        <Suspense fallback={null}>
          <RightPanel />
        </Suspense>
      )}
      {guest && <GuestBanner />}
      {!guest && (
        <Suspense fallback={null}>
          <ChatDock />
        </Suspense>
      )}
    </Box>
  );
}

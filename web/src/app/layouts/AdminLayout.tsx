// The admin dashboard's layout (spec 002 §2 "Admin dashboard"): the top bar, its own side
// menu (a drawer below lg) and the page. The route guard (AdminGuard) lets in only an
// administrator of the site's organization with the admin view selected.
import { Suspense, useEffect, useState } from 'react';
import { Box, Toolbar, useMediaQuery, useTheme } from '@mui/material';
import { Outlet } from 'react-router';
import { useAppConfig } from '../../lib/config/appConfig';
import TopBar from './TopBar';
import PageSpinner from '../../components/PageSpinner';
import AdminSideMenu from '../../features/admin/components/AdminSideMenu';

export default function AdminLayout() {
  const config = useAppConfig();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    document.title = config.organization.name;
  }, [config.organization.name]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <TopBar
        name={config.organization.name}
        logo={config.organization.logo}
        guest={false}
        showMenuButton={!wide}
        menuOpen={menuOpen}
        onOpenMenu={() => setMenuOpen(true)}
      />
      <AdminSideMenu
        name={config.organization.name}
        logo={config.organization.logo}
        showJobs={config.ui.show_job_menu}
        permanent={wide}
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
      />
      <Box component="main" id="main-content" tabIndex={-1} sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 3 }, '&:focus': { outline: 'none' } }}>
        <Toolbar />
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}

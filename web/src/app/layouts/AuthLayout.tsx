import { Suspense, useEffect } from 'react';
import { AppBar, Box, Toolbar } from '@mui/material';
import { Outlet } from 'react-router';
import { useAppConfig } from '../../lib/config/appConfig';
import Logo from '../../components/shell/Logo';
import PageSpinner from '../../components/PageSpinner';

/** The sign-in screens: the tenant's logo above the page, nothing else to wander off to. */
export default function AuthLayout() {
  const config = useAppConfig();

  useEffect(() => {
    document.title = config.organization.name;
  }, [config.organization.name]);

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar position="static" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar>
          <Logo name={config.organization.name} logo={config.organization.logo} />
        </Toolbar>
      </AppBar>
      <Box component="main" id="main-content" sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}

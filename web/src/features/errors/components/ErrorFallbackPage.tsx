import { useContext, useEffect } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import { QueryClientContext } from '@tanstack/react-query';
import { queryClient as appQueryClient } from '../../../lib/queryClient';
import { appConfigQuery } from '../../../lib/config/appConfig';

/**
 * Shown when a route or the app itself fails (spec 000 §2 "Route guards"). It needs neither
 * the router nor a loaded configuration: its links are plain page loads, which also clear
 * whatever state broke.
 */
export default function ErrorFallbackPage() {
  const client = useContext(QueryClientContext) ?? appQueryClient;

  useEffect(() => {
    // The default organization's name, when the configuration got as far as loading.
    const name = client.getQueryData(appConfigQuery.queryKey)?.organization.name;
    if (name) document.title = name;
  }, [client]);

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3, bgcolor: 'background.default' }}
    >
      <Stack role="alert" spacing={2} sx={{ maxWidth: 480, textAlign: 'center', alignItems: 'center' }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          Something went wrong!
        </Typography>
        <Typography color="text.secondary">Please be patient, we are currently fixing the issue.</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ pt: 1, alignSelf: { xs: 'stretch', sm: 'center' } }}>
          <Button variant="contained" onClick={() => window.location.reload()}>
            Refresh
          </Button>
          <Button variant="outlined" href="/">
            Go to Home Page
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

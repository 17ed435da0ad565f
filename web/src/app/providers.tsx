import { useMemo, type ReactNode } from 'react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { appConfigQuery } from '../lib/config/appConfig';
import { buildTheme } from '../lib/theme';
import { SnackbarHost } from '../lib/snackbar';
import ErrorFallbackPage from '../features/errors/components/ErrorFallbackPage';
import PageSpinner from '../components/PageSpinner';
import FirstScreenReady from './FirstScreenReady';

/** Loads the tenant's configuration, then themes the app with its colours. */
function ConfigGate({ children }: { children: ReactNode }) {
  const config = useQuery(appConfigQuery);
  const colours = config.data?.ui.theme;
  const theme = useMemo(() => buildTheme(colours), [colours]);
  let content = children;
  if (config.isPending) content = <PageSpinner fullScreen />;
  else if (config.isError) content = <ErrorFallbackPage />;
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {content}
    </ThemeProvider>
  );
}

/** Query client, toasts, and the tenant's theme once its configuration is in. */
export default function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <ConfigGate>{children}</ConfigGate>
      {/* notistack's stack, loaded with the first message (lib/snackbar). */}
      <SnackbarHost />
      <FirstScreenReady />
    </QueryClientProvider>
  );
}

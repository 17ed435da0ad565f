import { useEffect } from 'react';
import { GlobalStyles } from '@mui/material';
import { SnackbarProvider, useSnackbar } from 'notistack';
import { attachSnackbarStack } from './snackbar';
import { belowTopBar, TOASTS_CLASS } from './placement';

/**
 * Hands the queue to the provider above it through its context: that is the provider React
 * committed. notistack's module-level `enqueueSnackbar` points at the last provider
 * *constructed*, which may be a render React threw away (a route suspending mid-render),
 * and then every toast went nowhere.
 */
function AttachToStack() {
  const { enqueueSnackbar } = useSnackbar();
  useEffect(
    () =>
      attachSnackbarStack((message, options) => {
        enqueueSnackbar(message, options);
      }),
    [enqueueSnackbar],
  );
  return null;
}

/** notistack's stack with the app's settings; loaded with the first message. */
export default function SnackbarStack() {
  return (
    <>
      <GlobalStyles styles={belowTopBar} />
      <SnackbarProvider
        maxSnack={3}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        autoHideDuration={5000}
        classes={{ containerAnchorOriginTopCenter: TOASTS_CLASS }}
      >
        <AttachToStack />
      </SnackbarProvider>
    </>
  );
}

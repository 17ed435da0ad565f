import { useEffect } from 'react';
import { enqueueSnackbar, SnackbarProvider } from 'notistack';
import { attachSnackbarStack } from './snackbar';

/** notistack's stack with the app's settings; loaded with the first message. */
export default function SnackbarStack() {
  useEffect(() => {
    // `enqueueSnackbar` is notistack's live binding to the mounted provider.
    attachSnackbarStack((message, options) => {
      enqueueSnackbar(message, options);
    });
  }, []);
  return <SnackbarProvider maxSnack={3} anchorOrigin={{ vertical: 'top', horizontal: 'center' }} autoHideDuration={5000} />;
}

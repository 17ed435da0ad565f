export { enqueueSnackbar, useSnackbar, type SnackbarOptions } from './snackbar';
export { default as SnackbarHost } from './SnackbarHost';

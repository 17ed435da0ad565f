// The same as the profile feature's (features do not import each other).
import { Alert, Button } from '@mui/material';

/** A part of the page that could not load, with a way to try again. */
export default function LoadError({ message = 'Could not fetch items.', onRetry }: { message?: string; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      variant="outlined"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

import { Alert } from '@mui/material';

/** The form-wide message left over from a server error. */
export default function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <Alert severity="error" role="alert">
      {message}
    </Alert>
  );
}

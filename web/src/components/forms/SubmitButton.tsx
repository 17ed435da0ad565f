import type { ReactNode } from 'react';
import { Button } from '@mui/material';

/**
 * A form's submit button, busy (and not pressable) while the form is being sent; `alignStart`
 * keeps it at its own width on the left from sm up.
 */
export default function SubmitButton({
  submitting,
  size,
  alignStart = false,
  children,
}: {
  submitting: boolean;
  size?: 'large';
  alignStart?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      variant="contained"
      size={size}
      disabled={submitting}
      loading={submitting}
      sx={alignStart ? { alignSelf: { sm: 'flex-start' } } : undefined}
    >
      {children}
    </Button>
  );
}

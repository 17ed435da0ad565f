import type { ReactNode } from 'react';
import { Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import AuthCard from './AuthCard';

/** A sign-in step that failed: why, and the way back to the login page. */
export default function AuthFailed({ title, message, back }: { title: string; message: ReactNode; back: { label: string; variant: 'contained' | 'outlined' } }) {
  return (
    <AuthCard title={title}>
      <Typography role="alert">{message}</Typography>
      <Button component={RouterLink} to="/login" variant={back.variant}>
        {back.label}
      </Button>
    </AuthCard>
  );
}

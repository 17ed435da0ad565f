import type { ReactNode } from 'react';
import { Alert, Box, Button, Card, Container, Skeleton, Stack, Typography, type AlertProps, type ContainerProps } from '@mui/material';
import { isNotFound } from '../../lib/api/errors';
import { cardGrid } from './layout';

/** Placeholder cards while a list loads. */
export function CardGridSkeleton({ count = 6, height = 220 }: { count?: number; height?: number }) {
  return (
    <Box sx={cardGrid} aria-busy="true" aria-label="Loading">
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} variant="outlined" sx={{ borderRadius: 2, p: 2 }}>
          <Skeleton variant="rounded" height={height * 0.45} />
          <Skeleton width="70%" sx={{ mt: 1.5 }} />
          <Skeleton width="40%" />
        </Card>
      ))}
    </Box>
  );
}

/** A list with nothing in it. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack
      spacing={2}
      sx={{ alignItems: 'center', textAlign: 'center', py: 6, px: 2, border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}
    >
      <Typography component="p" variant="h6">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/** A list that could not load, with a way to try again. */
export function ListError({
  message = 'Could not fetch items.',
  onRetry,
  variant = 'outlined',
  sx,
}: {
  message?: string;
  onRetry: () => void;
  variant?: AlertProps['variant'];
  sx?: AlertProps['sx'];
}) {
  return (
    <Alert
      severity="error"
      variant={variant}
      sx={sx}
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

/** A page whose item could not be read: `notFound` when it does not exist, else `message` with a Retry. */
export function ItemLoadError({
  error,
  notFound,
  message = 'Could not fetch item',
  maxWidth = 'lg',
  onRetry,
}: {
  error: unknown;
  notFound: ReactNode;
  message?: string;
  maxWidth?: ContainerProps['maxWidth'];
  onRetry: () => void;
}) {
  if (isNotFound(error)) return notFound;
  return (
    <Container maxWidth={maxWidth} sx={{ py: 4 }}>
      <ListError message={message} onRetry={onRetry} />
    </Container>
  );
}

import type { ReactNode } from 'react';
import { Box, Container, Stack, Typography } from '@mui/material';

interface Props {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Buttons beside the heading (they wrap under it on phones). */
  actions?: ReactNode;
  children: ReactNode;
}

/** A list page: heading and actions, then the filters and the list. */
export default function ListPage({ title, subtitle, actions, children }: Props) {
  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 } }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        sx={{ mb: 2.5, alignItems: { xs: 'stretch', md: 'center' }, justifyContent: 'space-between' }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {subtitle}
            </Typography>
          )}
        </Box>
        {actions && (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, '& > *': { flexGrow: { xs: 1, sm: 0 } } }}>
            {actions}
          </Stack>
        )}
      </Stack>
      {children}
    </Container>
  );
}

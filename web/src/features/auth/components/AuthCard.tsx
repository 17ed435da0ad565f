import type { ReactNode } from 'react';
import { Box, Paper, Stack, Typography } from '@mui/material';

interface Props {
  title: string;
  subtitle?: ReactNode;
  /** Shown before the title (a back arrow). */
  before?: ReactNode;
  children: ReactNode;
}

/** The centred card the sign-in screens put their form in. */
export default function AuthCard({ title, subtitle, before, children }: Props) {
  return (
    <Box sx={{ flexGrow: 1, display: 'grid', placeItems: 'center', px: { xs: 2, sm: 3 }, py: { xs: 3, md: 6 } }}>
      <Paper
        variant="outlined"
        sx={{ width: '100%', maxWidth: 460, p: { xs: 3, sm: 4 }, borderRadius: 3, bgcolor: 'background.paper' }}
      >
        <Stack spacing={3}>
          <Stack spacing={0.5}>
            {before}
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              {title}
            </Typography>
            {subtitle && (
              <Typography variant="body2" color="text.secondary" component="div">
                {subtitle}
              </Typography>
            )}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Box>
  );
}

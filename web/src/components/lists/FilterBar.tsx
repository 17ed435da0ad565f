import type { ReactNode } from 'react';
import { Box } from '@mui/material';

/**
 * The search box and filters of a list page, in a grid: one column on phones, then two,
 * three, and four from large screens.
 */
export default function FilterBar({ children, label = 'Filters' }: { children: ReactNode; label?: string }) {
  return (
    <Box
      role="search"
      aria-label={label}
      sx={{
        display: 'grid',
        gap: 1.5,
        mb: 2,
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          sm: 'repeat(2, minmax(0, 1fr))',
          md: 'repeat(3, minmax(0, 1fr))',
          lg: 'repeat(4, minmax(0, 1fr))',
        },
      }}
    >
      {children}
    </Box>
  );
}

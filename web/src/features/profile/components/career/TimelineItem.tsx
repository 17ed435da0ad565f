import type { ReactNode } from 'react';
import { Box, Stack } from '@mui/material';

interface Props {
  icon: ReactNode;
  /** A dashed marker and line: the dream node, which is not a real entry. */
  dashed?: boolean;
  last?: boolean;
  children: ReactNode;
}

/** One node of a vertical timeline: a marker on the line, the content beside it. */
export default function TimelineItem({ icon, dashed = false, last = false, children }: Props) {
  return (
    <Stack component="li" direction="row" spacing={{ xs: 1.5, md: 2 }} sx={{ position: 'relative', listStyle: 'none' }}>
      <Box sx={{ position: 'relative', flexShrink: 0, width: 40, display: 'flex', justifyContent: 'center' }}>
        {!last && (
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              top: 40,
              bottom: 0,
              left: '50%',
              borderLeft: 2,
              borderColor: 'divider',
              borderLeftStyle: dashed ? 'dashed' : 'solid',
            }}
          />
        )}
        <Box
          aria-hidden
          sx={{
            width: 40,
            height: 40,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            color: 'primary.main',
            bgcolor: dashed ? 'background.paper' : 'primary.light',
            border: 2,
            borderColor: 'primary.main',
            borderStyle: dashed ? 'dashed' : 'solid',
          }}
        >
          {icon}
        </Box>
      </Box>
      <Box sx={{ flexGrow: 1, minWidth: 0, pb: last ? 0 : 3 }}>{children}</Box>
    </Stack>
  );
}

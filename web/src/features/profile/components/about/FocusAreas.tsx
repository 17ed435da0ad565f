import { Box, Typography } from '@mui/material';
import type { Labelled } from './aboutData';

/** Career focus areas as a list of labelled values. */
export default function FocusAreas({ rows }: { rows: Labelled[] }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.25 }}>
      {rows.map((row) => (
        <div key={row.label}>
          <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {row.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500 }}>
            {row.value}
          </Typography>
        </div>
      ))}
    </Box>
  );
}

import type { ReactNode } from 'react';
import { Paper, Typography } from '@mui/material';

/** A titled section of an overview page (a group's, a job's): an outlined card named by its heading. */
export default function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, md: 3 }, borderRadius: 3 }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

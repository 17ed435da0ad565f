import { useId, type ReactNode } from 'react';
import { Paper, Stack, Typography } from '@mui/material';

interface Props {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}

/** One titled card of the profile page. */
export default function ProfileSection({ title, action, children }: Props) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, md: 3 }, borderRadius: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, minHeight: 32 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ fontWeight: 700, fontSize: '1.05rem' }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

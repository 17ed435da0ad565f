import { Button, Paper, Stack, Typography } from '@mui/material';
import { CalendarDaysIcon } from '../icons';

/** The calendar booking card (the profile's calendy_url). */
export default function BookingCard({ url, firstName }: { url: string; firstName: string }) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 }, borderRadius: 3, bgcolor: 'primary.light', borderColor: 'primary.light' }}
      component="section"
      aria-label="Book a session"
    >
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <CalendarDaysIcon color="primary" />
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, fontSize: '1.05rem' }}>
            Book a session
          </Typography>
        </Stack>
        <Typography variant="body2">Pick a time in {firstName}&apos;s calendar for a one-to-one conversation.</Typography>
        <Button href={url} target="_blank" rel="noopener noreferrer" variant="contained" sx={{ alignSelf: 'flex-start' }}>
          Book a time
        </Button>
      </Stack>
    </Paper>
  );
}

import { Button, Stack, Typography } from '@mui/material';
import { dreamDate, monthYear } from '../../profileFormat';

/**
 * The owner's dream career, a placeholder node at the top of the Career Tree dated 30 days
 * ahead (spec 002 §2, §9): the next step they have not written down yet.
 */
export default function DreamNode({ onAdd }: { onAdd: () => void }) {
  const date = dreamDate().toISOString().slice(0, 10);
  return (
    <Stack spacing={0.75} data-testid="dream-node">
      <Typography component="h3" sx={{ fontWeight: 700, pt: 1 }}>
        Your dream career
      </Typography>
      <Typography variant="body2" color="text.secondary">
        <time dateTime={date}>{monthYear(date)}</time> · Where do you want to be next?
      </Typography>
      <Button size="small" variant="outlined" onClick={onAdd} sx={{ alignSelf: 'flex-start' }}>
        Add your next step
      </Button>
    </Stack>
  );
}

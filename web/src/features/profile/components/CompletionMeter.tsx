import { Box, LinearProgress, Typography } from '@mui/material';
import { completionColour } from '../profileFormat';

/** The owner's profile completion (spec 000 §9: above 60 green, otherwise orange). */
export default function CompletionMeter({ percent }: { percent: number }) {
  const colour = completionColour(percent);
  return (
    <Box sx={{ width: '100%', maxWidth: 280 }} data-colour={colour} data-testid="completion">
      <Typography variant="body2" sx={{ fontWeight: 600, color: `${colour}.dark` }}>
        Profile {percent}% complete
      </Typography>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, Math.max(0, percent))}
        color={colour}
        aria-label="Profile completion"
        sx={{ mt: 0.5, height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}

import { LinearProgress, Stack, Typography } from '@mui/material';

/** "Step k of n" with a bar, over the counted steps only. */
export default function StepIndicator({ current, total }: { current: number; total: number }) {
  return (
    <Stack spacing={0.75}>
      <Typography variant="overline" color="primary" sx={{ lineHeight: 1.5, fontWeight: 700 }}>
        Step {current} of {total}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={(current / total) * 100}
        aria-label={`Step ${current} of ${total}`}
        sx={{ height: 6, borderRadius: 3 }}
      />
    </Stack>
  );
}

import { Box } from '@mui/material';

/** A step's number in a filled circle, beside the step's title (hidden from screen readers, which read the title). */
export default function StepNumber({ n }: { n: number }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: 32,
        height: 32,
        flexShrink: 0,
        borderRadius: '50%',
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        display: 'grid',
        placeItems: 'center',
        fontWeight: 700,
      }}
    >
      {n}
    </Box>
  );
}

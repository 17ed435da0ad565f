import { Box, CircularProgress } from '@mui/material';

/** A centred spinner: in the page area, or across the whole window before the shell exists. */
export default function PageSpinner({ label = 'Loading', fullScreen = false }: { label?: string; fullScreen?: boolean }) {
  return (
    <Box sx={{ minHeight: fullScreen ? '100vh' : '50vh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

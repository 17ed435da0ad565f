// Apart from PageSpinner, which the entry loads: only the dialogs that use it download this.
import { Box, CircularProgress } from '@mui/material';

/** A centred spinner in a dialog or a panel while its content loads. */
export default function InlineSpinner({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

import { Alert, Typography } from '@mui/material';
import { FULL_MESSAGES } from '../../lib/groups/messages';

/** A full circle or event still takes requests, onto the wait list (spec 001 §4). */
export default function FullGroupWarning() {
  return (
    <Alert severity="warning" variant="outlined" sx={{ py: 0 }}>
      <Typography variant="body2">{FULL_MESSAGES[0]}</Typography>
      <Typography variant="body2">{FULL_MESSAGES[1]}</Typography>
    </Alert>
  );
}

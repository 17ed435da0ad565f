// The metrics' loading and error states ('Failed to fetch metrics'), for the overview and the to-do list.
import { Box, Skeleton } from '@mui/material';
import { ListError } from '../../../components/lists/ListStates';
import { cardGridSx, MSG_METRICS_FAILED } from '../adminRules';

/** The metrics' loading and error states, shared with the to-do page. */
export default function MetricsState({ isPending, isError, onRetry }: { isPending: boolean; isError: boolean; onRetry: () => void }) {
  if (isError) {
    return <ListError message={MSG_METRICS_FAILED} onRetry={onRetry} variant="standard" />;
  }
  if (isPending) {
    return (
      <Box sx={cardGridSx} aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={104} />
        ))}
      </Box>
    );
  }
  return null;
}


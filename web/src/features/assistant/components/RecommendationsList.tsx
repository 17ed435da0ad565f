// The Recommendations tab: GET /recommended-entities/ for the member, with the spec's empty and
// error texts (spec 002 §8).
import { Alert, Skeleton, Stack, Typography } from '@mui/material';
import { MSG_EMPTY, MSG_ERROR, useRecommendations } from '../../../lib/recommendations/api';
import RecommendedItems from '../../../components/recommendations/RecommendedItems';

export default function RecommendationsList() {
  const query = useRecommendations(null);
  if (query.isPending)
    return (
      <Stack spacing={1}>
        <Skeleton variant="rounded" height={40} />
        <Skeleton variant="rounded" height={40} />
      </Stack>
    );
  if (query.isError) return <Alert severity="error">{MSG_ERROR}</Alert>;
  if (query.data.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {MSG_EMPTY}
      </Typography>
    );
  return <RecommendedItems items={query.data} />;
}

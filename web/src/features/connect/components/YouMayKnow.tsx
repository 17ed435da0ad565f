import { Box, Typography } from '@mui/material';
import { CardGridSkeleton } from '../../../components/lists/ListStates';
import { cardGrid } from '../../../components/lists/layout';
import { suggestionParams, useSearch } from '../../../lib/discover/connect';
import ConnectCard from './ConnectCard';

interface Props {
  selfId: number | undefined;
  country: string | null | undefined;
  department: string | null | undefined;
}

/**
 * You May Know (spec 002 §2, §7): up to 8 people from the caller's country and the US, or
 * the same department, shown when the caller has no connections of the chosen type yet.
 */
export default function YouMayKnow({ selfId, country, department }: Props) {
  const suggestions = useSearch(suggestionParams({ country, department }), true);
  const people = (suggestions.data?.data ?? []).filter((item) => !(item.type === 'user' && item.id === selfId));
  if (suggestions.isError || (suggestions.isSuccess && people.length === 0)) return null;
  return (
    <Box component="section" aria-labelledby="you-may-know" sx={{ mt: 4 }}>
      <Typography id="you-may-know" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
        You May Know
      </Typography>
      {suggestions.isPending ? (
        <CardGridSkeleton count={3} height={100} />
      ) : (
        <Box component="ul" sx={cardGrid} aria-label="You May Know">
          {people.map((item) => (
            <li key={`${item.type}-${item.id}`}>
              <ConnectCard item={item} selfId={selfId} followedByDefault={false} showType={false} />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}

import { Chip, Stack, Typography } from '@mui/material';
import type { TopicRef } from '../../api/types';

/** Skills or topics as chips, or a line saying there are none. */
export default function TopicChips({ items, empty }: { items: TopicRef[]; empty: string }) {
  if (items.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {empty}
      </Typography>
    );
  }
  return (
    <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item) => (
        <li key={item.id}>
          <Chip label={item.name} size="small" />
        </li>
      ))}
    </Stack>
  );
}

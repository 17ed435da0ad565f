// Connect's Recommended panel below the large breakpoint (spec 002 §2 "Connect"): the member's
// recommendations with a type filter; 'You do not have any recommendations yet.' when empty.
import { useState } from 'react';
import { Alert, MenuItem, Paper, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { MSG_ERROR, useRecommendations } from '../../lib/recommendations/api';
import RecommendedItems from './RecommendedItems';

export const MSG_NONE_YET = 'You do not have any recommendations yet.';

const TYPES = [
  { value: '', label: 'All' },
  { value: 'circle', label: 'Circles' },
  { value: 'event', label: 'Events' },
  { value: 'user', label: 'People' },
  { value: 'ai_tool', label: 'AI tools' },
  { value: 'use_case', label: 'Use cases' },
];

export default function RecommendedPanel() {
  const [type, setType] = useState('');
  const query = useRecommendations(type || null);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="recommended-heading" sx={{ p: 2, mt: 3 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1 }}>
        <Typography id="recommended-heading" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          Recommended
        </Typography>
        <TextField select size="small" label="Type" value={type} onChange={(e) => setType(e.target.value)} sx={{ minWidth: 140 }}>
          {TYPES.map((t) => (
            <MenuItem key={t.value} value={t.value}>
              {t.label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {query.isPending ? (
        <Skeleton variant="rounded" height={56} />
      ) : query.isError ? (
        <Alert severity="error">{MSG_ERROR}</Alert>
      ) : query.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {MSG_NONE_YET}
        </Typography>
      ) : (
        <RecommendedItems items={query.data} />
      )}
    </Paper>
  );
}

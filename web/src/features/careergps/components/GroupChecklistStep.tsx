// A group checklist step (spec 002 §3 step input types): the circles and events recommended
// to the person, each a checkbox; the answer is the chosen groups' ids.
import { Alert, Checkbox, FormControlLabel, FormGroup, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { fetchGroupRecommendations } from '../api';


/** At most this many may be chosen (the server's limit). */
export const MAX_GROUP_CHOICES = 10;

export default function GroupChecklistStep({ selected, onToggle }: { selected: string[]; onToggle: (id: string) => void }) {
  const groups = useQuery({
    queryKey: ['careergps', 'group-checklist'],
    queryFn: ({ signal }) => fetchGroupRecommendations(signal),
  });
  if (groups.isPending) return <Skeleton variant="rounded" height={96} />;
  if (groups.isError) return <Alert severity="error">Could not fetch recommendations</Alert>;
  if (groups.data.length === 0)
    return <Typography color="text.secondary">There are no recommendations available for you at the moment.</Typography>;
  const full = selected.length >= MAX_GROUP_CHOICES;
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">
        Choose up to {MAX_GROUP_CHOICES}.
      </Typography>
      <FormGroup aria-label="Recommended groups">
        {groups.data.map((group) => {
          const id = String(group.id);
          const on = selected.includes(id);
          return (
            <FormControlLabel
              key={id}
              control={<Checkbox checked={on} disabled={!on && full} onChange={() => onToggle(id)} />}
              label={
                <span>
                  {group.name}
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                    {group.type === 'event' ? 'Event' : 'Circle'} · {group.reason}
                  </Typography>
                </span>
              }
            />
          );
        })}
      </FormGroup>
    </Stack>
  );
}

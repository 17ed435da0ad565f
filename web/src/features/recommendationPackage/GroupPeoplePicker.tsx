// People of a chosen group for the member's package (spec 002 §4 "Recommendation types mentor,
// mentee and cross_group require choosing a group first", §7 "Recommendation fetch"): mentors
// (further along than the member), mentees (earlier) or any member of the group, best fit
// first, each with its reason. Picks go to the package's people.
import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Chip,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  MenuItem,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchPackagePeople } from './api';
import { Finder } from './Finder';
import { MSG_GROUP_FIRST, SEARCH_PAGE_SIZE, type MemberPickerProps, type PeopleKind, type Picked } from './packageRules';

const KIND_LABELS: Record<PeopleKind, string> = {
  mentor: 'Mentors',
  mentee: 'Mentees',
  cross_group: 'Members of the group',
};

export default function GroupPeoplePicker({ memberId, selected, onToggle }: MemberPickerProps) {
  const [kind, setKind] = useState<PeopleKind>('mentor');
  const [group, setGroup] = useState<Picked | null>(null);
  const [page, setPage] = useState(1);
  const people = useQuery({
    queryKey: ['recommendation-package', 'people', memberId, kind, group?.id, page],
    enabled: group !== null,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      // Only asked once a group is chosen (enabled).
      if (!group) throw new Error('No group chosen');
      return fetchPackagePeople(
        { user_id: memberId, entity_type: kind, group_from_user_to_be_included: group.id, page, page_size: SEARCH_PAGE_SIZE },
        signal,
      );
    },
  });

  return (
    <Stack spacing={1.5}>
      <TextField
        select
        size="small"
        label="Recommend"
        value={kind}
        onChange={(e) => {
          setKind(e.target.value as PeopleKind);
          setPage(1);
        }}
        sx={{ maxWidth: 280 }}
      >
        {(Object.keys(KIND_LABELS) as PeopleKind[]).map((k) => (
          <MenuItem key={k} value={k}>
            {KIND_LABELS[k]}
          </MenuItem>
        ))}
      </TextField>
      {group ? (
        <Chip
          label={`From ${group.name}`}
          onDelete={() => {
            setGroup(null);
            setPage(1);
          }}
          sx={{ alignSelf: 'flex-start' }}
        />
      ) : (
        <>
          <Typography variant="caption" color="text.secondary" role="note">
            {MSG_GROUP_FIRST}
          </Typography>
          <Finder source="groups" label="Choose a group" selected={[]} single onToggle={(item) => setGroup(item)} />
        </>
      )}
      {group &&
        (people.isPending ? (
          <Skeleton variant="rounded" height={48} />
        ) : people.isError ? (
          <Alert severity="error">Could not fetch recommendations</Alert>
        ) : people.data.data.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            Nobody in this group fits yet.
          </Typography>
        ) : (
          <>
            <List dense sx={{ maxHeight: 360, overflowY: 'auto' }} aria-label={`${KIND_LABELS[kind]} results`}>
              {people.data.data.map((person) => {
                const on = selected.some((s) => s.id === person.id);
                return (
                  <ListItemButton key={person.id} selected={on} onClick={() => onToggle({ id: person.id, name: person.name })}>
                    <ListItemIcon sx={{ minWidth: 36 }}>
                      <Checkbox edge="start" size="small" checked={on} tabIndex={-1} disableRipple />
                    </ListItemIcon>
                    <ListItemText primary={person.name} secondary={person.reason} />
                  </ListItemButton>
                );
              })}
            </List>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Button size="small" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
                Previous
              </Button>
              <Typography variant="caption" color="text.secondary">
                Page {page} of {Math.max(1, Math.ceil(people.data.pagination.count / SEARCH_PAGE_SIZE))}
              </Typography>
              <Button size="small" disabled={!people.data.pagination.next} onClick={() => setPage((p) => p + 1)}>
                Next page
              </Button>
            </Stack>
          </>
        ))}
    </Stack>
  );
}

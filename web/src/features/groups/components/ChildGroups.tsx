import { useEffect, useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CardMedia,
  Chip,
  Link,
  MenuItem,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import DataTable from '../../../components/DataTable';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../../components/profileForm/useDebouncedValue';
import { SEARCH_DEBOUNCE_MS, searchText } from '../../../lib/profile/topics';
import { CHILD_GROUPS_PAGE_SIZE } from '../../../lib/groups/groups';
import { LEARNING_MODALITIES } from '../groupForm';
import { canCreateChild, dateRange, groupPath, LIFECYCLE_CHOICES, lifecycleOf } from '../../../lib/groups/rules';
import type { Group } from '../../../lib/groups/types';
import type { Identity } from '../../../lib/auth/identity';
import { useChildGroups } from '../api/childGroups';
import { ListError } from '../../../components/lists/ListStates';
import { AddIcon } from '../../../components/icons';
import { CalendarIcon } from './icons';

interface Props {
  type: 'circle' | 'event';
  parent: Group;
  identity: Identity | undefined;
}

/** A filter of the list: one of `choices`, or All (''). */
function ChoiceFilter({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: string;
  choices: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <TextField select label={label} value={value} onChange={(event) => onChange(event.target.value)} sx={{ flex: 1, minWidth: 160 }}>
      <MenuItem value="">All</MenuItem>
      {choices.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * An organization's circles (a table) or events (cards with cover, dates and an Event
 * Details link), 15 a page, with search, status and (circles) learning modality filters kept
 * in the address; a filter change drops the page.
 */
export default function ChildGroups({ type, parent, identity }: Props) {
  const [params, setParams] = useSearchParams();
  const [input, setInput] = useState(params.get('q') ?? '');
  const settled = useDebouncedValue(searchText(input), SEARCH_DEBOUNCE_MS);
  const status = params.get('circle_status') ?? '';
  const modality = params.get('learning_modality') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);

  const setFilter = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );

  const q = params.get('q');
  useEffect(() => {
    if ((settled ?? null) !== (q ?? null)) setFilter('q', settled);
    // setFilter changes every render; only the settled text matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  const list = useChildGroups(type, parent.id, {
    search: q ?? undefined,
    circle_status: status || undefined,
    learning_modality: type === 'circle' ? LEARNING_MODALITIES.find((choice) => choice.value === modality)?.value : undefined,
    page,
  });
  const items = list.data?.data ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.pagination.count ?? 0) / CHILD_GROUPS_PAGE_SIZE));
  const noun = type === 'circle' ? 'circles' : 'events';

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <TextField label={`Search ${noun}`} value={input} onChange={(event) => setInput(event.target.value)} sx={{ flex: 2 }} />
        <ChoiceFilter label="Status" value={status} choices={LIFECYCLE_CHOICES} onChange={(value) => setFilter('circle_status', value)} />
        {type === 'circle' && (
          <ChoiceFilter
            label="Learning modality"
            value={modality}
            choices={LEARNING_MODALITIES}
            onChange={(value) => setFilter('learning_modality', value)}
          />
        )}
        {canCreateChild(type, parent, identity) && (
          <Button
            component={RouterLink}
            to={`/groups/new?type=${type}&parent=${parent.id}`}
            variant="contained"
            startIcon={<AddIcon />}
            sx={{ flexShrink: 0 }}
          >
            {type === 'circle' ? 'Create Circle' : 'Create Event'}
          </Button>
        )}
      </Stack>
      {list.isPending && (
        <Stack spacing={1}>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} variant="rounded" height={type === 'circle' ? 48 : 160} />
          ))}
        </Stack>
      )}
      {list.isError && <ListError message={`Could not fetch ${noun}`} onRetry={() => void list.refetch()} />}
      {list.data && items.length === 0 && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', borderRadius: 3 }}>
          <Typography color="text.secondary">{type === 'circle' ? 'No circles found' : 'No events found'}</Typography>
        </Paper>
      )}
      {items.length > 0 && type === 'circle' && (
        <DataTable
          label="Circles"
          outlined
          containerSx={{ borderRadius: 3 }}
          head={
            <>
              <TableCell>Name</TableCell>
              <TableCell>Status</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Dates</TableCell>
              <TableCell align="right">Members</TableCell>
            </>
          }
        >
          {items.map((circle) => (
            <TableRow key={circle.id} hover>
              <TableCell>
                <Link component={RouterLink} to={groupPath(circle)} sx={{ fontWeight: 600 }}>
                  {circle.name}
                </Link>
              </TableCell>
              <TableCell>
                {lifecycleOf(circle) && <Chip size="small" variant="outlined" label={lifecycleOf(circle)?.label} />}
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {dateRange(circle.start_date, circle.end_date) ?? '—'}
              </TableCell>
              <TableCell align="right">{circle.total_members}</TableCell>
            </TableRow>
          ))}
        </DataTable>
      )}
      {items.length > 0 && type === 'event' && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
          {items.map((event) => (
            <Card key={event.id} variant="outlined" component="article" aria-label={event.name} sx={{ borderRadius: 3, display: 'flex', flexDirection: 'column' }}>
              {event.cover_image ? (
                <CardMedia component="img" height="140" image={event.cover_image} alt="" />
              ) : (
                <Box sx={{ height: 140, bgcolor: 'primary.light' }} />
              )}
              <CardContent sx={{ flexGrow: 1 }}>
                <Typography variant="h6" component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                  {event.name}
                </Typography>
                <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color: 'text.secondary', mt: 0.5 }}>
                  <CalendarIcon fontSize="small" />
                  <Typography variant="body2">{dateRange(event.start_date, event.end_date) ?? 'Dates to be announced'}</Typography>
                </Stack>
                {lifecycleOf(event) && <Chip size="small" variant="outlined" label={lifecycleOf(event)?.label} sx={{ mt: 1 }} />}
              </CardContent>
              <CardActions sx={{ px: 2, pb: 2 }}>
                <Button component={RouterLink} to={groupPath(event)} variant="outlined" size="small">
                  Event Details
                </Button>
              </CardActions>
            </Card>
          ))}
        </Box>
      )}
      {pages > 1 && (
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <Pagination count={pages} page={page} onChange={(_event, next) => setFilter('page', String(next))} />
        </Box>
      )}
    </Stack>
  );
}

import { useState } from 'react';
import {
  Autocomplete,
  Avatar,
  Box,
  Button,
  FormControlLabel,
  Link,
  List,
  ListItem,
  Pagination,
  Radio,
  RadioGroup,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useDebouncedValue } from '../../../components/profileForm/useDebouncedValue';
import { ApiError } from '../../../lib/api/errors';
import { inviteUsers } from '../../../lib/groups/invitations';
import type { Group } from '../../../lib/groups/types';
import { INVITE_MESSAGES } from '../../../lib/invite/emails';
import { useSnackbar } from '../../../lib/snackbar';
import {
  RECOMMENDATIONS_MESSAGES,
  RECOMMENDATIONS_PAGE_SIZE,
  useGroupRecommendations,
  useGroupSearch,
  type FoundGroup,
  type RecommendationSource,
  type RecommendedPerson,
} from '../api/recommendations';
import { ListError } from '../../../components/lists/ListStates';

/** The group search waits for more than 1 character and a 300 ms pause, as the people search. */
const GROUP_SEARCH_DEBOUNCE_MS = 300;

const SOURCES: { value: RecommendationSource; label: string }[] = [
  { value: 'cross_group', label: 'Members of another group' },
  { value: 'research_collaboration', label: 'Research collaboration (whole site)' },
];

/** A search-as-you-type choice of one of the site's groups (not `exclude`). */
function GroupPicker({ value, onChange, exclude }: { value: FoundGroup | null; onChange: (group: FoundGroup | null) => void; exclude: number }) {
  const [input, setInput] = useState(value?.name ?? '');
  const typed = input.trim().length > 1 && input !== value?.name ? input.trim() : null;
  const settled = useDebouncedValue(typed, GROUP_SEARCH_DEBOUNCE_MS);
  const results = useGroupSearch(settled);
  const options = typed && settled === typed ? (results.data ?? []).filter((group) => group.id !== exclude) : [];
  const searching = typed !== null && (typed !== settled || results.isFetching);
  let noOptionsText = 'No groups found';
  if (!typed) noOptionsText = 'Type at least 2 characters to search';
  else if (results.isError) noOptionsText = RECOMMENDATIONS_MESSAGES.searchFailed;
  return (
    <Autocomplete<FoundGroup, false, false, false>
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input' || reason === 'clear' || reason === 'reset') setInput(text);
      }}
      options={options}
      filterOptions={(all) => all}
      getOptionLabel={(group) => group.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={searching}
      loadingText="Searching..."
      noOptionsText={noOptionsText}
      autoHighlight
      sx={{ maxWidth: { sm: 420 } }}
      renderOption={({ key, ...props }, group) => (
        <li key={key} {...props}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
            <Avatar src={group.image ?? undefined} alt="" variant="rounded" sx={{ width: 32, height: 32 }} />
            <div style={{ minWidth: 0 }}>
              <Typography variant="body2" noWrap>
                {group.name}
              </Typography>
              <Typography variant="caption" color="text.secondary" noWrap component="div">
                {group.type.charAt(0).toUpperCase() + group.type.slice(1)}
              </Typography>
            </div>
          </Stack>
        </li>
      )}
      renderInput={(params) => <TextField {...params} label="Recommend people from" />}
    />
  );
}

function PersonRow({
  person,
  invited,
  inviting,
  onInvite,
}: {
  person: RecommendedPerson;
  invited: boolean;
  inviting: boolean;
  onInvite: () => void;
}) {
  const about = [person.title, person.institution_name].filter(Boolean).join(' · ');
  return (
    <ListItem divider sx={{ px: { xs: 1, sm: 2 }, alignItems: 'flex-start' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }} useFlexGap sx={{ width: '100%', alignItems: { sm: 'center' } }}>
        <Stack direction="row" spacing={1.5} sx={{ minWidth: 0, flexGrow: 1, alignItems: 'flex-start' }}>
          <Avatar src={person.image ?? undefined} alt="" />
          <Box sx={{ minWidth: 0 }}>
            {person.name_slug ? (
              <Link
                component={RouterLink}
                to={`/profile/${encodeURIComponent(person.name_slug)}`}
                sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
              >
                {person.name}
              </Link>
            ) : (
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{person.name}</Typography>
            )}
            {about && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {about}
              </Typography>
            )}
            <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
              {person.reason}
            </Typography>
          </Box>
        </Stack>
        <Button
          size="small"
          variant="outlined"
          disabled={invited || inviting}
          onClick={onInvite}
          aria-label={`Invite ${person.name}`}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, flexShrink: 0, ml: { xs: 6.5, sm: 0 } }}
        >
          {invited ? 'Invited' : 'Invite'}
        </Button>
      </Stack>
    </ListItem>
  );
}

/**
 * The members' Recommendations tab (spec 001 §2, §5, §7), for the group's administrators:
 * people of the site who are not members yet, from a group picked by search (cross_group) or
 * from the whole site (research_collaboration), best fit first with the reason, 15 a page,
 * each linking to their profile with an Invite (POST /invite-users/).
 */
export default function RecommendationsPanel({ group }: { group: Group }) {
  const [entityType, setEntityType] = useState<RecommendationSource>('cross_group');
  const [fromGroup, setFromGroup] = useState<FoundGroup | null>(null);
  const [page, setPage] = useState(1);
  const [invited, setInvited] = useState<Set<number>>(new Set());
  const { enqueueSnackbar } = useSnackbar();
  const people = useGroupRecommendations(group.id, { entityType, fromGroup: fromGroup?.id ?? null, page });
  const invite = useMutation({
    mutationFn: (userId: number) => inviteUsers({ object_id: group.id, content_type: 'group', users: [userId], emails: '' }),
    meta: { silent: true },
    onSuccess: (_answer, userId) => {
      enqueueSnackbar(INVITE_MESSAGES.sent, { variant: 'success' });
      setInvited((current) => new Set(current).add(userId));
    },
    onError: (error) =>
      enqueueSnackbar(error instanceof ApiError && error.status === 400 ? error.message : INVITE_MESSAGES.failed, {
        variant: 'error',
      }),
  });
  const waiting = entityType === 'cross_group' && fromGroup === null;
  if (group.is_tenant_root) {
    return (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        {RECOMMENDATIONS_MESSAGES.siteOrganization(group.name)}
      </Typography>
    );
  }
  const rows = people.data?.data ?? [];
  const pages = Math.ceil((people.data?.pagination.count ?? 0) / RECOMMENDATIONS_PAGE_SIZE);

  return (
    <Stack spacing={2} sx={{ p: 2 }} aria-label="Recommendations" component="section">
      <Typography variant="body2" color="text.secondary">
        {`People of the site who are not members of ${group.name} yet, best fit first: the topics and skills they share with it, then its country, career stage and field.`}
      </Typography>
      <RadioGroup
        row
        aria-label="Recommend from"
        value={entityType}
        onChange={(event) => {
          setEntityType(event.target.value as RecommendationSource);
          setPage(1);
        }}
        sx={{ flexWrap: 'wrap' }}
      >
        {SOURCES.map((source) => (
          <FormControlLabel key={source.value} value={source.value} control={<Radio />} label={source.label} />
        ))}
      </RadioGroup>
      {entityType === 'cross_group' && (
        <GroupPicker
          value={fromGroup}
          exclude={group.id}
          onChange={(next) => {
            setFromGroup(next);
            setPage(1);
          }}
        />
      )}
      {waiting && <Typography color="text.secondary">{RECOMMENDATIONS_MESSAGES.pickGroup}</Typography>}
      {!waiting && people.isPending && (
        <Stack spacing={1} aria-label="Loading recommendations">
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
        </Stack>
      )}
      {!waiting && people.isError && <ListError message={RECOMMENDATIONS_MESSAGES.failed} onRetry={() => void people.refetch()} />}
      {!waiting && people.data && rows.length === 0 && <Typography color="text.secondary">{RECOMMENDATIONS_MESSAGES.empty}</Typography>}
      {!waiting && rows.length > 0 && (
        <List aria-label="Recommended people" disablePadding>
          {rows.map((person) => (
            <PersonRow
              key={person.id}
              person={person}
              invited={invited.has(person.id)}
              inviting={invite.isPending && invite.variables === person.id}
              onInvite={() => invite.mutate(person.id)}
            />
          ))}
        </List>
      )}
      {!waiting && pages > 1 && (
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <Pagination count={pages} page={page} onChange={(_event, next) => setPage(next)} size="small" aria-label="Recommendation pages" />
        </Box>
      )}
    </Stack>
  );
}

import { useState } from 'react';
import { Autocomplete, Avatar, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '../../../components/profileForm/useDebouncedValue';
import { searchUsers, userDisplayName } from '../../../lib/groups/membership';
import type { UserSearchResult } from '../../../lib/groups/types';

/** Invite search waits for more than 1 character and a 300 ms pause (spec 001 §5, §9). */
export const USER_SEARCH_DEBOUNCE_MS = 300;

interface Props {
  label: string;
  /** Chosen people (multiple) or the one chosen person. */
  value: UserSearchResult[];
  onChange: (value: UserSearchResult[]) => void;
  multiple?: boolean;
  /** Focus the box when it appears (the first field of a dialog). */
  autoFocus?: boolean;
}

/** People found by GET /search/?type=user&page_size=100 as you type. */
export default function UserSearchField({ label, value, onChange, multiple = true, autoFocus = false }: Props) {
  // A single choice shows the chosen person's name in the box (and does not search for it).
  const chosenLabel = !multiple && value[0] ? userDisplayName(value[0]) : null;
  const [input, setInput] = useState(chosenLabel ?? '');
  const typed = input.trim().length > 1 && input !== chosenLabel ? input.trim() : null;
  const settled = useDebouncedValue(typed, USER_SEARCH_DEBOUNCE_MS);
  const results = useQuery({
    queryKey: ['user-search', settled],
    queryFn: ({ signal }) => searchUsers(settled ?? '', signal),
    enabled: settled !== null,
    staleTime: 30 * 1000,
    meta: { silent: true },
  });
  const options = typed && settled === typed ? (results.data ?? []) : [];
  const searching = typed !== null && (typed !== settled || results.isFetching);
  let noOptionsText = 'No people found';
  if (!typed) noOptionsText = 'Type at least 2 characters to search';
  else if (results.isError) noOptionsText = 'Could not search people';
  return (
    <Autocomplete<UserSearchResult, boolean, false, false>
      multiple={multiple}
      value={multiple ? value : (value[0] ?? null)}
      onChange={(_event, next) => {
        if (Array.isArray(next)) onChange(next);
        else onChange(next ? [next] : []);
      }}
      inputValue={input}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input' || reason === 'clear') setInput(text);
        else if (reason === 'reset') setInput(multiple ? '' : text);
      }}
      options={options}
      filterOptions={(all) => all}
      filterSelectedOptions
      getOptionLabel={userDisplayName}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={searching}
      loadingText="Searching..."
      noOptionsText={noOptionsText}
      autoHighlight
      slotProps={{ listbox: { style: { maxHeight: 300 } } }}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
            <Avatar src={option.image ?? option.picture ?? undefined} alt="" sx={{ width: 32, height: 32 }} />
            <div style={{ minWidth: 0 }}>
              <Typography variant="body2" noWrap>
                {userDisplayName(option)}
              </Typography>
              {(option.title || option.institution_name) && (
                <Typography variant="caption" color="text.secondary" noWrap component="div">
                  {option.title || option.institution_name}
                </Typography>
              )}
            </div>
          </Stack>
        </li>
      )}
      renderInput={(params) => <TextField {...params} label={label} autoFocus={autoFocus} />}
    />
  );
}

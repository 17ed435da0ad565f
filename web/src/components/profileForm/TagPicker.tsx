import LazyAutocomplete from '../forms/LazyAutocomplete';
import { useState } from 'react';
import { Chip, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from '../../lib/snackbar';
import { SEARCH_DEBOUNCE_MS, searchText } from '../../lib/profile/topics';
import type { TopicRef } from '../../lib/profile/types';
import { useDebouncedValue } from './useDebouncedValue';
import { DEFAULT_TAG_LIMIT, tagLimitMessage } from './tagLimits';
import type { FieldStateProps } from './fieldProps';

export interface TagPickerProps extends FieldStateProps {
  /** The field's label, e.g. "Skills". */
  label: string;
  value: TopicRef[];
  onChange: (value: TopicRef[]) => void;
  /**
   * Finds suggestions. Called with at least 2 trimmed characters, once typing has paused for
   * 500 ms; the signal aborts a search that is no longer wanted.
   */
  search: (text: string, signal: AbortSignal) => Promise<TopicRef[]>;
  /** Names the search in the query cache, e.g. "skill" (required when two pickers search differently). */
  searchKey: string;
  /** Adds a new item for the 'create new' choice; without it no such choice is offered. */
  create?: (name: string) => Promise<TopicRef>;
  /** The most items the field takes (default 7). */
  max?: number;
  /** What one item is called in messages: 'Could not add new {itemName}'. */
  itemName?: string;
  placeholder?: string;
}

type TagOption = TopicRef & { create?: boolean };

function sameItem(a: TopicRef, b: TopicRef): boolean {
  return a.id === b.id && (a.id > 0 || a.name.toLowerCase() === b.name.toLowerCase());
}

/**
 * Chips with a searching text field (spec 000 §5 "Search and pickers"): suggestions come after
 * 2 trimmed characters and a 500 ms pause; when nothing matches, a 'create new' choice adds the
 * typed text; at most `max` items ('You can only add up to {n} items'); the suggestion list is
 * at most 300 px high.
 */
export default function TagPicker({
  label,
  value,
  onChange,
  onBlur,
  search,
  searchKey,
  create,
  max = DEFAULT_TAG_LIMIT,
  itemName,
  placeholder,
  error,
  helperText,
  required,
  disabled,
  name,
}: TagPickerProps) {
  const { enqueueSnackbar } = useSnackbar();
  const [input, setInput] = useState('');
  const [limitHit, setLimitHit] = useState(false);
  const [creating, setCreating] = useState(false);
  const typed = searchText(input);
  const settled = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const waiting = typed !== null && typed !== settled;
  const results = useQuery({
    queryKey: ['tag-picker', searchKey, settled],
    queryFn: ({ signal }) => search(settled ?? '', signal),
    enabled: settled !== null && !disabled,
    staleTime: 60 * 1000,
    meta: { silent: true },
  });

  const found: TagOption[] = typed && settled === typed ? (results.data ?? []) : [];
  const fresh = found.filter((item) => !value.some((chosen) => sameItem(chosen, item)));
  const searching = waiting || (settled !== null && results.isFetching);
  const offerCreate = Boolean(create && typed && !searching && !results.isError && found.length === 0);
  const options: TagOption[] = offerCreate ? [{ id: -1, name: typed ?? '', create: true }] : fresh;

  let noOptionsText = 'No results found.';
  if (!typed) noOptionsText = 'Type at least 2 characters to search';
  else if (results.isError) noOptionsText = 'Could not fetch items.';

  const accept = async (next: TagOption[]) => {
    if (next.length > max) {
      setLimitHit(true);
      return;
    }
    setLimitHit(false);
    const added = next.find((item) => item.create);
    if (!added || !create) {
      onChange(next.map(({ id, name: itemLabel }) => ({ id, name: itemLabel })));
      return;
    }
    setCreating(true);
    try {
      const made = await create(added.name);
      const kept = next.filter((item) => !item.create).map(({ id, name: itemLabel }) => ({ id, name: itemLabel }));
      onChange(kept.some((item) => sameItem(item, made)) ? kept : [...kept, made]);
      setInput('');
    } catch {
      enqueueSnackbar(itemName ? `Could not add new ${itemName}` : 'Could not add new item', { variant: 'error' });
    } finally {
      setCreating(false);
    }
  };

  const limitMessage = limitHit ? tagLimitMessage(max) : null;

  return (
    <LazyAutocomplete<TagOption, true, false, false>
      multiple
      value={value}
      options={options}
      inputValue={input}
      onInputChange={(_event, text, reason) => {
        // Choosing an option clears the typed text; keep it only while typing.
        if (reason === 'input' || reason === 'clear') setInput(text);
        else if (reason === 'reset') setInput('');
      }}
      onChange={(_event, next) => void accept(next)}
      onBlur={onBlur}
      filterOptions={(all) => all}
      filterSelectedOptions
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={sameItem}
      loading={searching || creating}
      loadingText="Searching..."
      noOptionsText={noOptionsText}
      disabled={disabled}
      autoHighlight
      handleHomeEndKeys
      slotProps={{ listbox: { style: { maxHeight: 300 } } }}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          {option.create ? `Create "${option.name}"` : option.name}
        </li>
      )}
      renderValue={(chosen, getItemProps) =>
        chosen.map((item, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} label={item.name} size="small" {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          label={label}
          required={required}
          placeholder={value.length >= max ? undefined : placeholder}
          error={error || Boolean(limitMessage)}
          helperText={limitMessage ?? helperText ?? `Up to ${max}`}
          slotProps={{ ...params.slotProps, formHelperText: { role: limitMessage || error ? 'alert' : undefined } }}
        />
      )}
    />
  );
}

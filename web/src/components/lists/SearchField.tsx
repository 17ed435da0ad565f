import { useEffect, useId, useState } from 'react';
import { FormControl, InputAdornment, InputLabel, OutlinedInput } from '@mui/material';
import { useDebouncedValue } from '../profileForm/useDebouncedValue';
import { SEARCH_DEBOUNCE_MS, searchText } from '../../lib/profile/topics';
import { SearchIcon } from './listIcons';

interface Props {
  /** The search in the address (q), or null. */
  value: string | null;
  /** Called with the text to search for (at least 2 characters once trimmed), or null to clear. */
  onSearch: (text: string | null) => void;
  label?: string;
}

/**
 * The search box of a list page: typing settles for 500 ms, then the trimmed text becomes the
 * search when it has at least 2 characters (spec 000 §5, §9); shorter text clears the search.
 */
export default function SearchField({ value, onSearch, label = 'Search' }: Props) {
  const [text, setText] = useState(value ?? '');
  const [seen, setSeen] = useState(value);
  // The address changed from elsewhere (a link, Back): show its search.
  if (value !== seen) {
    setSeen(value);
    if ((searchText(text) ?? null) !== value) setText(value ?? '');
  }
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    if (settled !== text) return;
    const next = searchText(settled);
    if (next !== value) onSearch(next);
  }, [settled, text, value, onSearch]);

  // MUI's TextField, built from its parts: TextField itself imports Select, with its Menu,
  // Popover and Modal, which a list page's first screen does not need.
  const id = useId();
  return (
    <FormControl className="MuiTextField-root" fullWidth size="small">
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        type="search"
        label={label}
        value={text}
        onChange={(event) => setText(event.target.value)}
        startAdornment={
          <InputAdornment position="start">
            <SearchIcon fontSize="small" />
          </InputAdornment>
        }
      />
    </FormControl>
  );
}

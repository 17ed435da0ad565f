import { useRef, useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import type { FilterOption } from './FilterSelect';

export interface AutocompleteFilterProps {
  label: string;
  options: readonly FilterOption[];
  value: string | null;
  onChange: (value: string | null) => void;
  allLabel: string;
  /** What was typed into the stand-in field while this code downloaded. */
  initialText: string;
  /** Open the list at once (the stand-in was clicked or typed into). */
  initialOpen: boolean;
}

/** A filter over a long list (countries) that can be typed into; `FilterSelect` loads it on first use. */
export default function AutocompleteFilter({ label, options, value, onChange, allLabel, initialText, initialOpen }: AutocompleteFilterProps) {
  const selected = options.find((option) => option.value === value) ?? (value ? { value, label: value } : null);
  const [inputValue, setInputValue] = useState(initialText || selected?.label || '');
  const [open, setOpen] = useState(initialOpen);
  // Mounting unfocused, Autocomplete resets its text to the value's label once: not over what was typed.
  const keepTyped = useRef(initialText !== '' && initialText !== (selected?.label ?? ''));
  return (
    <Autocomplete
      size="small"
      options={options}
      value={selected}
      inputValue={inputValue}
      onInputChange={(_event, text, reason) => {
        if (reason === 'reset' && keepTyped.current) {
          keepTyped.current = false;
          return;
        }
        keepTyped.current = false;
        setInputValue(text);
      }}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      onChange={(_event, option) => onChange(option?.value ?? null)}
      autoHighlight
      slotProps={{ listbox: { style: { maxHeight: 300 } } }}
      renderInput={(params) => (
        <TextField
          {...params}
          autoFocus
          label={label}
          placeholder={allLabel}
          slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps.inputLabel, shrink: true } }}
        />
      )}
    />
  );
}

import { Autocomplete, MenuItem, TextField } from '@mui/material';
import { ALL } from './listParams';

export interface FilterOption {
  value: string;
  label: string;
}

interface Props {
  label: string;
  options: readonly FilterOption[];
  /** The selected value, or null for all. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** The label of the "no filter" choice. */
  allLabel?: string;
}

const MENU_PROPS = { slotProps: { paper: { style: { maxHeight: 300 } } } };

/** One filter of a list page: a choice of values, or all. Long lists (countries) can be typed into. */
export default function FilterSelect({ label, options, value, onChange, allLabel = 'All' }: Props) {
  if (options.length > 30) {
    const selected = options.find((option) => option.value === value) ?? (value ? { value, label: value } : null);
    return (
      <Autocomplete
        size="small"
        options={options}
        value={selected}
        getOptionLabel={(option) => option.label}
        isOptionEqualToValue={(a, b) => a.value === b.value}
        onChange={(_event, option) => onChange(option?.value ?? null)}
        autoHighlight
        slotProps={{ listbox: { style: { maxHeight: 300 } } }}
        renderInput={(params) => (
          <TextField {...params} label={label} placeholder={allLabel} slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps.inputLabel, shrink: true } }} />
        )}
      />
    );
  }
  const known = value !== null && options.some((option) => option.value === value);
  return (
    <TextField
      select
      fullWidth
      size="small"
      label={label}
      value={known ? value : ALL}
      onChange={(event) => onChange(event.target.value === ALL ? null : event.target.value)}
      slotProps={{ select: { MenuProps: MENU_PROPS } }}
    >
      <MenuItem value={ALL}>{allLabel}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

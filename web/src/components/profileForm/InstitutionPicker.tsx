import LazyAutocomplete from '../forms/LazyAutocomplete';
import { TextField } from '@mui/material';
import type { InstitutionValue } from '../../lib/profile/institutions';
import type { FieldStateProps } from './fieldProps';

export interface InstitutionPickerProps extends FieldStateProps {
  /** A known institution (`id` set) or a typed name (`id` null); null when empty. */
  value: InstitutionValue | null;
  onChange: (value: InstitutionValue | null) => void;
  /** Known institutions to suggest (e.g. the profile's current one). */
  options?: readonly InstitutionValue[];
  label?: string;
}

function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * The institution: pick a suggested one or type any name. A typed name that is not suggested
 * is sent as a name, and the server reuses the tenant's institution of that name or adds it.
 */
export default function InstitutionPicker({
  value,
  onChange,
  onBlur,
  options = [],
  label = 'Institution',
  error,
  helperText,
  required,
  disabled,
  name,
}: InstitutionPickerProps) {
  const known = options.filter((option) => option.id !== null);
  const fromText = (text: string): InstitutionValue | null => {
    if (!text.trim()) return null;
    return known.find((option) => sameName(option.name, text)) ?? { id: null, name: text };
  };
  return (
    <LazyAutocomplete<InstitutionValue, false, false, true>
      freeSolo
      options={known}
      value={value}
      inputValue={value?.name ?? ''}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input' || reason === 'clear') onChange(fromText(text));
      }}
      onChange={(_event, next) => onChange(typeof next === 'string' ? fromText(next) : next)}
      onBlur={onBlur}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.name)}
      isOptionEqualToValue={(a, b) => typeof b !== 'string' && a.id === b.id && sameName(a.name, b.name)}
      disabled={disabled}
      slotProps={{ listbox: { style: { maxHeight: 300 } } }}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          label={label}
          required={required}
          error={error}
          helperText={helperText ?? 'Your school, university or organization'}
        />
      )}
    />
  );
}

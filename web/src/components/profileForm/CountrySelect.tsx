import LazyAutocomplete from '../forms/LazyAutocomplete';
import { TextField } from '@mui/material';
import { COUNTRY_CHOICES, type CountryChoice } from './countries';
import type { FieldStateProps } from './fieldProps';

export interface CountrySelectProps extends FieldStateProps {
  /** The stored country name; '' for none. A stored name not in the list is kept and shown. */
  value: string;
  onChange: (value: string) => void;
  label?: string;
}

/**
 * A searchable list of the countries and regional entities (Africa, European Union, Gulf
 * Countries, Latin America, …). The value is the country's name.
 */
export default function CountrySelect({
  value,
  onChange,
  onBlur,
  label = 'Country',
  error,
  helperText,
  required,
  disabled,
  name,
}: CountrySelectProps) {
  const known = COUNTRY_CHOICES.find((choice) => choice.name === value);
  const selected: CountryChoice | null = value ? (known ?? { name: value, group: 'Countries' }) : null;
  const options = known || !selected ? COUNTRY_CHOICES : [selected, ...COUNTRY_CHOICES];
  return (
    <LazyAutocomplete
      options={options}
      value={selected}
      groupBy={(choice) => choice.group}
      getOptionLabel={(choice) => choice.name}
      isOptionEqualToValue={(a, b) => a.name === b.name}
      onChange={(_event, choice) => onChange(choice?.name ?? '')}
      onBlur={onBlur}
      disabled={disabled}
      autoHighlight
      slotProps={{ listbox: { style: { maxHeight: 300 } } }}
      renderInput={(params) => (
        <TextField {...params} name={name} label={label} required={required} error={error} helperText={helperText} />
      )}
    />
  );
}

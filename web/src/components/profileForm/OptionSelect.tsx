import { MenuItem, Stack, TextField } from '@mui/material';
import { OTHER_VALUE } from '../../lib/profile/optionsConfig';
import type { FieldStateProps } from './fieldProps';

export interface SelectOption<V extends number | string> {
  value: V;
  label: string;
}

/** The free-text field shown beside a list when its 'other' choice (value 0) is picked. */
export interface OtherTextProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: boolean;
  helperText?: string;
  name?: string;
}

export interface OptionSelectProps<V extends number | string> extends FieldStateProps {
  label: string;
  /** A list from the options config (current_roles, career_stages, professional_fields, job_functions, colleges, departments, …). */
  options: readonly SelectOption<V>[];
  value: V | null;
  onChange: (value: V | null) => void;
  /** Offer an empty choice with this label (e.g. 'Not Set (All)'); without it the field can only be filled. */
  emptyLabel?: string;
  /** Shown when the 'other' choice (value 0) is picked. */
  otherText?: OtherTextProps;
}

const MENU_PROPS = { slotProps: { paper: { style: { maxHeight: 300 } } } };

/** One choice from an options-config list, with the 'other' extra text where given. */
export default function OptionSelect<V extends number | string>({
  label,
  options,
  value,
  onChange,
  onBlur,
  emptyLabel,
  otherText,
  error,
  helperText,
  required,
  disabled,
  name,
}: OptionSelectProps<V>) {
  const selected = value === null ? '' : String(value);
  return (
    <Stack spacing={2}>
      <TextField
        select
        fullWidth
        name={name}
        label={label}
        value={options.some((option) => String(option.value) === selected) ? selected : ''}
        onChange={(event) => {
          const found = options.find((option) => String(option.value) === event.target.value);
          onChange(found ? found.value : null);
        }}
        onBlur={onBlur}
        required={required}
        disabled={disabled}
        error={error}
        helperText={helperText}
        slotProps={{ select: { MenuProps: MENU_PROPS } }}
      >
        {emptyLabel !== undefined && <MenuItem value="">{emptyLabel}</MenuItem>}
        {options.map((option) => (
          <MenuItem key={String(option.value)} value={String(option.value)}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      {otherText && value === OTHER_VALUE && <OtherTextField {...otherText} />}
    </Stack>
  );
}

export function OtherTextField({ label, value, onChange, onBlur, error, helperText, name }: OtherTextProps) {
  return (
    <TextField
      fullWidth
      name={name}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      error={error}
      helperText={helperText}
    />
  );
}

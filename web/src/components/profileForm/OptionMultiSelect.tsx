import { Box, Checkbox, Chip, ListItemText, MenuItem, Stack, TextField } from '@mui/material';
import { OTHER_VALUE } from '../../lib/profile/optionsConfig';
import { OtherTextField, type OtherTextProps, type SelectOption } from './OptionSelect';
import type { FieldStateProps } from './fieldProps';

export interface OptionMultiSelectProps<V extends number | string> extends FieldStateProps {
  label: string;
  /** A list from the options config (reason_to_join, interested_services, …). */
  options: readonly SelectOption<V>[];
  value: V[];
  onChange: (value: V[]) => void;
  /** Shown when the 'other' choice (value 0) is among the picked ones. */
  otherText?: OtherTextProps;
}

const MENU_PROPS = { slotProps: { paper: { style: { maxHeight: 300 } } } };

/** Several choices from an options-config list, shown as chips, with the 'other' extra text where given. */
export default function OptionMultiSelect<V extends number | string>({
  label,
  options,
  value,
  onChange,
  onBlur,
  otherText,
  error,
  helperText,
  required,
  disabled,
  name,
}: OptionMultiSelectProps<V>) {
  const selected = value.map(String).filter((item) => options.some((option) => String(option.value) === item));
  const labelOf = (item: string) => options.find((option) => String(option.value) === item)?.label ?? item;
  return (
    <Stack spacing={2}>
      <TextField
        select
        fullWidth
        name={name}
        label={label}
        value={selected}
        onChange={(event) => {
          const raw = event.target.value as unknown;
          const items = Array.isArray(raw) ? raw.map(String) : String(raw).split(',');
          onChange(options.filter((option) => items.includes(String(option.value))).map((option) => option.value));
        }}
        onBlur={onBlur}
        required={required}
        disabled={disabled}
        error={error}
        helperText={helperText}
        slotProps={{
          select: {
            multiple: true,
            MenuProps: MENU_PROPS,
            renderValue: (items) => (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                {(items as string[]).map((item) => (
                  <Chip key={item} label={labelOf(item)} size="small" />
                ))}
              </Box>
            ),
          },
        }}
      >
        {options.map((option) => (
          <MenuItem key={String(option.value)} value={String(option.value)}>
            <Checkbox size="small" checked={selected.includes(String(option.value))} tabIndex={-1} sx={{ p: 0.5, mr: 1 }} />
            <ListItemText primary={option.label} />
          </MenuItem>
        ))}
      </TextField>
      {otherText && value.some((item) => item === OTHER_VALUE) && <OtherTextField {...otherText} />}
    </Stack>
  );
}

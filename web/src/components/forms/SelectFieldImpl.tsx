import { MenuItem, TextField } from '@mui/material';
import type { SelectFieldProps } from './SelectField';

interface ImplProps extends SelectFieldProps {
  /** The look-alike was opened (click, Enter, Space, arrows) before this had loaded. */
  defaultOpen?: boolean;
  /** The look-alike had the focus. */
  autoFocus?: boolean;
}

/** SelectField's MUI select: a small outlined `TextField select` with one MenuItem per option. */
export default function SelectFieldImpl({ id, label, value, options, onChange, fullWidth, sx, menuProps, defaultOpen, autoFocus }: ImplProps) {
  return (
    <TextField
      select
      id={id}
      fullWidth={fullWidth}
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={sx}
      slotProps={{ select: { MenuProps: menuProps, defaultOpen, autoFocus } }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

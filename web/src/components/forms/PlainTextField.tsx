import { useId, type ReactNode, type Ref } from 'react';
import { FormControl, FormHelperText, InputLabel, OutlinedInput, type OutlinedInputProps } from '@mui/material';

type InputProps = Pick<
  OutlinedInputProps,
  | 'name'
  | 'type'
  | 'autoComplete'
  | 'autoFocus'
  | 'disabled'
  | 'required'
  | 'onChange'
  | 'onBlur'
  | 'placeholder'
  | 'value'
  | 'startAdornment'
  | 'inputProps'
>;

export interface PlainTextFieldProps extends InputProps {
  label: ReactNode;
  helperText?: ReactNode;
  error?: boolean;
  fullWidth?: boolean;
  id?: string;
  /** The `<input>` (react-hook-form's `register(...).ref` goes here through `ref`). */
  ref?: Ref<HTMLInputElement>;
}

/**
 * An outlined single-line text field for the sign-in pages and other first screens: what MUI's `TextField` renders for
 * them (label tied to the input, helper text in `aria-describedby`, error state), built from its
 * parts. `TextField` itself imports `Select` and with it the Menu, Popover and Modal code (~23 kB)
 * even when no select is shown, which is most of a guest page's weight after React.
 */
export default function PlainTextField({ label, helperText, error, fullWidth, id: idOverride, ref, disabled, required, ...input }: PlainTextFieldProps) {
  const generatedId = useId();
  const id = idOverride ?? generatedId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" error={error} fullWidth={fullWidth} disabled={disabled} required={required}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput {...input} id={id} label={label} inputRef={ref} aria-describedby={helperTextId} />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}

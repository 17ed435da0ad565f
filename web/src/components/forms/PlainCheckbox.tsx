import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { styled } from '@mui/material/styles';

type InputProps = Pick<InputHTMLAttributes<HTMLInputElement>, 'name' | 'onChange' | 'onBlur' | 'defaultChecked' | 'disabled'>;

export interface PlainCheckboxProps extends InputProps {
  label: ReactNode;
  /** The `<input>` (react-hook-form's `register(...).ref` goes here). */
  ref?: Ref<HTMLInputElement>;
}

const Label = styled('label')(({ theme }) => ({
  ...theme.typography.body1,
  display: 'inline-flex',
  alignItems: 'center',
  alignSelf: 'flex-start',
  gap: theme.spacing(1.5),
  minHeight: 42,
  cursor: 'pointer',
}));

const Input = styled('input')(({ theme }) => ({
  width: 18,
  height: 18,
  margin: 0,
  flexShrink: 0,
  accentColor: theme.palette.primary.main,
  cursor: 'inherit',
}));

/**
 * A labelled checkbox for the sign-in pages: the browser's own checkbox, in the theme's primary
 * colour, inside its label (clicking the text toggles it, Space toggles it, its name is the
 * label). MUI's `Checkbox` with `FormControlLabel` brings SwitchBase and its icons, ~4 kB
 * gzipped on a page whose budget is counted to the kilobyte (docs/decisions.md).
 */
export default function PlainCheckbox({ label, ref, ...input }: PlainCheckboxProps) {
  return (
    <Label>
      <Input type="checkbox" ref={ref} {...input} />
      {label}
    </Label>
  );
}

import type { ReactNode } from 'react';
import { FormControlLabel, Switch } from '@mui/material';
import { useController, type FieldValues } from 'react-hook-form';
import type { Bound } from './BoundFields';

/** An on/off switch with its label. */
export default function BoundSwitch<T extends FieldValues>({ control, name, label }: Bound<T> & { label: ReactNode }) {
  const { field } = useController({ control, name });
  return (
    <FormControlLabel
      control={<Switch checked={Boolean(field.value)} onChange={(event) => field.onChange(event.target.checked)} />}
      label={label}
    />
  );
}

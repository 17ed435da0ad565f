// Form fields bound to a react-hook-form field by name: each shows its field's error
// message (or its own helper text) and hands its value back in the form's type.
import type { ReactNode } from 'react';
import { MenuItem, TextField, type TextFieldProps } from '@mui/material';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import LazyAutocomplete from './LazyAutocomplete';
import OptionMultiSelect, { type OptionMultiSelectProps } from '../profileForm/OptionMultiSelect';
import RichTextEditor from '../profileForm/RichTextEditor';
import TopicTagPicker, { type TopicTagPickerProps } from '../profileForm/TopicTagPicker';
import { COUNTRY_CHOICES } from '../profileForm/countries';

export interface Bound<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
}

const COUNTRY_NAMES = COUNTRY_CHOICES.map((choice) => choice.name);

/** The bound field, and its error as the inputs show it: flagged, with the message over the helper text. */
function useBound<T extends FieldValues>(control: Control<T>, name: Path<T>, helperText?: string) {
  const { field, fieldState } = useController({ control, name });
  const message = fieldState.error?.message;
  return { field, shown: { error: Boolean(message), helperText: message ?? helperText } };
}

/** A text (or number, date, url) input. */
export function BoundTextField<T extends FieldValues>({
  control,
  name,
  helperText,
  ...rest
}: Bound<T> & Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'select'> & { helperText?: string }) {
  const { field, shown } = useBound(control, name, helperText);
  return (
    <TextField
      {...rest}
      name={field.name}
      value={(field.value as string | number | null) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      {...shown}
      fullWidth
    />
  );
}

export interface SelectChoice {
  value: string | number;
  label: ReactNode;
}

/**
 * A select over `choices` (after `children`, e.g. a 'Not set' item); with `numeric` the
 * empty choice is null and the others numbers.
 */
export function BoundSelect<T extends FieldValues>({
  control,
  name,
  choices,
  numeric = false,
  helperText,
  children,
  ...rest
}: Bound<T> &
  Pick<TextFieldProps, 'label' | 'required' | 'disabled' | 'fullWidth'> & {
    choices: readonly SelectChoice[];
    numeric?: boolean;
    helperText?: string;
    children?: ReactNode;
  }) {
  const { field, shown } = useBound(control, name, helperText);
  return (
    <TextField
      select
      {...rest}
      value={(field.value as string | number | null) ?? ''}
      onChange={(event) => field.onChange(numeric ? (event.target.value === '' ? null : Number(event.target.value)) : event.target.value)}
      {...shown}
    >
      {children}
      {choices.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A rich-text field (up to 4000 characters unless it says otherwise). */
export function BoundRichText<T extends FieldValues>({
  control,
  name,
  label,
  required = false,
  helperText = 'Up to 4000 characters',
}: Bound<T> & { label: string; required?: boolean; helperText?: string }) {
  const { field, shown } = useBound(control, name, helperText);
  return (
    <RichTextEditor
      label={label}
      required={required}
      value={field.value as string}
      onChange={field.onChange}
      onBlur={field.onBlur}
      {...shown}
    />
  );
}

/** Several choices from an options-config list, kept as strings. */
export function BoundOptionMultiSelect<T extends FieldValues>({
  control,
  name,
  helperText,
  ...rest
}: Bound<T> & Pick<OptionMultiSelectProps<string>, 'label' | 'options' | 'required' | 'helperText'>) {
  const { field, shown } = useBound(control, name, helperText);
  return (
    <OptionMultiSelect
      {...rest}
      value={field.value as string[]}
      onChange={field.onChange}
      {...shown}
    />
  );
}

/** Skills or topics picked (and added) from the tenant's list. */
export function BoundTopicTagPicker<T extends FieldValues>({
  control,
  name,
  helperText,
  ...rest
}: Bound<T> & Pick<TopicTagPickerProps, 'topicType' | 'label' | 'max' | 'required' | 'helperText'>) {
  const { field, shown } = useBound(control, name, helperText);
  return (
    <TopicTagPicker
      {...rest}
      value={field.value as TopicTagPickerProps['value']}
      onChange={field.onChange}
      onBlur={field.onBlur}
      {...shown}
    />
  );
}

/** Any number of countries, by name. */
export function BoundCountries<T extends FieldValues>({ control, name }: Bound<T>) {
  const { field } = useController({ control, name });
  return (
    <LazyAutocomplete
      multiple
      options={COUNTRY_NAMES}
      value={field.value as string[]}
      onChange={(_event, next) => field.onChange(next)}
      filterSelectedOptions
      slotProps={{ listbox: { style: { maxHeight: 300 } } }}
      renderInput={(params) => <TextField {...params} label="Countries" />}
    />
  );
}

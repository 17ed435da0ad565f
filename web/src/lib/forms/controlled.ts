// A react-hook-form Controller's field as the props of a controlled picker or editor.
import type { ControllerFieldState, ControllerRenderProps, FieldValues, Path } from 'react-hook-form';

/** The field's value and handlers, and its error: flagged, with the message over `helperText`. */
export function controlled<T extends FieldValues, N extends Path<T>>(
  field: ControllerRenderProps<T, N>,
  fieldState: ControllerFieldState,
  helperText?: string,
) {
  return {
    value: field.value,
    onChange: field.onChange,
    onBlur: field.onBlur,
    error: Boolean(fieldState.error),
    helperText: fieldState.error?.message ?? helperText,
  };
}

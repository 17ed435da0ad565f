/** What the profile form's controls take besides their value: the form's blur, the error state and the field's texts. */
export interface FieldStateProps {
  onBlur?: () => void;
  error?: boolean;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
  /** The form's name of the field (the first field in error gets the focus). */
  name?: string;
}

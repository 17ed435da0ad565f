import { FormControl, FormControlLabel, FormHelperText, FormLabel, MenuItem, Radio, RadioGroup, TextField } from '@mui/material';
import type { Question } from '../../lib/groups/types';

interface Props {
  question: Question;
  /** The id of the radio group's label. */
  labelId: string;
  value: string | number;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
  /** Announce the radio group's error as an alert. */
  alertError?: boolean;
}

/**
 * A configured question answered with text (spec 001 §5): radio buttons, a selection, or a text
 * field (several lines for a textarea). File questions are the caller's.
 */
export default function QuestionInput({ question, labelId, value, onChange, error, disabled, alertError }: Props) {
  if (question.type === 'radio') {
    return (
      <FormControl error={Boolean(error)} required={question.required} disabled={disabled}>
        <FormLabel id={labelId}>{question.label}</FormLabel>
        <RadioGroup aria-labelledby={labelId} value={value} onChange={(event) => onChange(event.target.value)}>
          {question.options.map((option) => (
            <FormControlLabel key={option} value={option} control={<Radio />} label={option} />
          ))}
        </RadioGroup>
        {error && <FormHelperText role={alertError ? 'alert' : undefined}>{error}</FormHelperText>}
      </FormControl>
    );
  }
  const select = question.type === 'selection';
  const textarea = question.type === 'textarea';
  return (
    <TextField
      select={select}
      fullWidth
      label={question.label}
      required={question.required}
      disabled={disabled}
      multiline={textarea}
      minRows={textarea ? 3 : undefined}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error}
    >
      {select
        ? question.options.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))
        : undefined}
    </TextField>
  );
}

import {
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Slider,
  TextField,
  Typography,
} from '@mui/material';
import type { FormQuestion } from '../api';
import FileQuestion from './FileQuestion';

export type Answer = string | string[] | number | null;

interface Props {
  question: FormQuestion;
  value: Answer;
  error?: string;
  onChange: (value: Answer) => void;
}

/** One question of a custom form step, by its type (spec 002 §3 "custom form"). */
export default function QuestionField({ question, value, error, onChange }: Props) {
  const id = `question-${question.id}`;
  const label = `${question.label}${question.required ? ' *' : ''}`;
  switch (question.type) {
    case 'text':
    case 'textarea':
      return (
        <TextField
          id={id}
          label={label}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
          multiline={question.type === 'textarea'}
          minRows={question.type === 'textarea' ? (question.rows ?? 3) : undefined}
          error={Boolean(error)}
          helperText={error}
          fullWidth
        />
      );
    case 'radio':
      return (
        <FormControl error={Boolean(error)} component="fieldset">
          <FormLabel component="legend">{label}</FormLabel>
          <RadioGroup value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value)}>
            {(question.options ?? []).map((option) => (
              <FormControlLabel key={option} value={option} control={<Radio />} label={option} />
            ))}
          </RadioGroup>
          {error ? <FormHelperText>{error}</FormHelperText> : null}
        </FormControl>
      );
    case 'selection': {
      const chosen = Array.isArray(value) ? value : [];
      const toggle = (option: string) =>
        onChange(chosen.includes(option) ? chosen.filter((c) => c !== option) : [...chosen, option]);
      return (
        <FormControl error={Boolean(error)} component="fieldset">
          <FormLabel component="legend">{label}</FormLabel>
          <FormGroup>
            {(question.options ?? []).map((option) => (
              <FormControlLabel
                key={option}
                control={<Checkbox checked={chosen.includes(option)} onChange={() => toggle(option)} />}
                label={option}
              />
            ))}
          </FormGroup>
          {error ? <FormHelperText>{error}</FormHelperText> : null}
        </FormControl>
      );
    }
    case 'slider': {
      const min = question.min ?? 0;
      const max = question.max ?? 10;
      const labelId = `${id}-label`;
      return (
        <FormControl error={Boolean(error)} fullWidth>
          <Typography id={labelId} component="p" sx={{ mb: 1 }}>
            {label}
          </Typography>
          <Box sx={{ px: 1 }}>
            <Slider
              aria-labelledby={labelId}
              value={typeof value === 'number' ? value : min}
              min={min}
              max={max}
              step={1}
              marks
              valueLabelDisplay="auto"
              onChange={(_, v) => onChange(Array.isArray(v) ? (v[0] ?? min) : v)}
            />
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
            <Typography variant="caption">{question.min_label ?? String(min)}</Typography>
            <Typography variant="caption" sx={{ textAlign: 'right' }}>
              {question.max_label ?? String(max)}
            </Typography>
          </Box>
          {typeof value !== 'number' ? (
            <FormHelperText sx={{ mx: 0 }}>Move the slider to answer.</FormHelperText>
          ) : null}
          {error ? <FormHelperText sx={{ mx: 0 }}>{error}</FormHelperText> : null}
        </FormControl>
      );
    }
    case 'file':
      return (
        <FileQuestion
          id={id}
          label={label}
          value={typeof value === 'number' ? value : null}
          error={error}
          onChange={(fileId) => onChange(fileId)}
        />
      );
    default:
      return null;
  }
}

import { useState } from 'react';
import {
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { Question } from '../../../lib/discover/types';
import { uploadFile, MAX_UPLOAD_BYTES, MAX_UPLOAD_MESSAGE } from '../../../lib/profile/upload';
import { ApiError } from '../../../lib/api/errors';

interface Props {
  question: Question;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
}

/** One configured question (text, textarea, radio, selection or file), answered as text. */
export default function QuestionField({ question, value, onChange, error, disabled }: Props) {
  const labelId = `question-${question.id}`;
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);

  if (question.type === 'radio') {
    return (
      <FormControl error={Boolean(error)} required={question.required} disabled={disabled}>
        <FormLabel id={labelId}>{question.label}</FormLabel>
        <RadioGroup aria-labelledby={labelId} value={value} onChange={(event) => onChange(event.target.value)}>
          {question.options.map((option) => (
            <FormControlLabel key={option} value={option} control={<Radio />} label={option} />
          ))}
        </RadioGroup>
        {error && <FormHelperText>{error}</FormHelperText>}
      </FormControl>
    );
  }
  if (question.type === 'selection') {
    return (
      <TextField
        select
        fullWidth
        label={question.label}
        required={question.required}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        error={Boolean(error)}
        helperText={error}
      >
        {question.options.map((option) => (
          <MenuItem key={option} value={option}>
            {option}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  if (question.type === 'file') {
    const pick = async (file: File | undefined) => {
      if (!file) return;
      if (file.size > MAX_UPLOAD_BYTES) {
        setUploadError(MAX_UPLOAD_MESSAGE);
        return;
      }
      setUploading(true);
      setUploadError(null);
      try {
        const uploaded = await uploadFile(file);
        onChange(uploaded.file);
      } catch (cause) {
        setUploadError(cause instanceof ApiError ? cause.message : 'Could not upload the file');
      } finally {
        setUploading(false);
      }
    };
    return (
      <FormControl error={Boolean(error || uploadError)} required={question.required} disabled={disabled}>
        <FormLabel id={labelId}>{question.label}</FormLabel>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mt: 1, minWidth: 0 }}>
          <Button component="label" variant="outlined" loading={uploading} disabled={disabled}>
            Choose file
            <input
              hidden
              type="file"
              accept="image/*,application/pdf"
              aria-labelledby={labelId}
              onChange={(event) => void pick(event.target.files?.[0])}
            />
          </Button>
          {value && (
            <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
              {decodeURIComponent(value.split('/').pop() ?? value)}
            </Typography>
          )}
        </Stack>
        {(uploadError || error) && <FormHelperText>{uploadError ?? error}</FormHelperText>}
      </FormControl>
    );
  }
  return (
    <TextField
      fullWidth
      label={question.label}
      required={question.required}
      multiline={question.type === 'textarea'}
      minRows={question.type === 'textarea' ? 3 : undefined}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error}
    />
  );
}

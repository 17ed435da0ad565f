import { useState } from 'react';
import { Button, FormControl, FormHelperText, FormLabel, Stack, Typography } from '@mui/material';
import QuestionInput from '../../../components/questions/QuestionInput';
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
    <QuestionInput question={question} labelId={labelId} value={value} onChange={onChange} error={error} disabled={disabled} />
  );
}

import { lazy, Suspense, useId } from 'react';
import { Box, FormHelperText, FormLabel, Skeleton, Stack, Typography } from '@mui/material';
import { countWords } from './richText';
import type { FieldStateProps } from './fieldProps';

const Editor = lazy(() => import('./RichTextEditorImpl'));

export interface RichTextEditorProps extends Omit<FieldStateProps, 'name'> {
  label: string;
  /** HTML; '' for empty. */
  value: string;
  /** Called with the new HTML ('' when the editor holds no text). */
  onChange: (html: string) => void;
  /** Shows "{n}/{maxWords} words" under the editor. */
  maxWords?: number;
  placeholder?: string;
  /** The editable area's height before it grows, in px. */
  minHeight?: number;
}

/**
 * Rich text with bold, italic, lists and links (Tiptap, loaded on demand), a word counter
 * and full keyboard use: Tab reaches the toolbar buttons and the text; Ctrl/⌘+B and +I work
 * in the text.
 */
export default function RichTextEditor(props: RichTextEditorProps) {
  const { label, value, maxWords, error, helperText, required, minHeight = 120 } = props;
  const labelId = useId();
  const helperId = useId();
  const words = countWords(value);
  const over = maxWords !== undefined && words > maxWords;
  return (
    <Stack spacing={0.5}>
      <FormLabel id={labelId} required={required} error={error} sx={{ fontSize: 14 }}>
        {label}
      </FormLabel>
      <Suspense
        fallback={<Skeleton variant="rounded" height={minHeight + 44} aria-label={`${label} editor loading`} />}
      >
        <Editor {...props} labelId={labelId} helperId={helperId} invalid={Boolean(error || over)} minHeight={minHeight} />
      </Suspense>
      <Box sx={{ display: 'flex', gap: 2, justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <FormHelperText id={helperId} error={error} role={error ? 'alert' : undefined} sx={{ m: 0 }}>
          {helperText}
        </FormHelperText>
        {maxWords !== undefined && (
          <Typography
            variant="caption"
            color={over ? 'error' : 'text.secondary'}
            sx={{ flexShrink: 0 }}
            aria-live="polite"
          >
            {words}/{maxWords} words
          </Typography>
        )}
      </Box>
    </Stack>
  );
}

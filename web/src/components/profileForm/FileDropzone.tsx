import { useId, useRef, useState, type DragEvent } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { UploadIcon } from './formIcons';

export interface FileDropzoneProps {
  /** Called with the chosen or dropped files. */
  onFiles: (files: File[]) => void;
  /** The input's accept list, e.g. "application/pdf,.pdf". */
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  /** The button's text. */
  buttonLabel?: string;
  /** A line under the button, e.g. "PDF, up to 10 MB". */
  hint?: string;
  error?: boolean;
}

/** A drop area with a Choose button (the button is the keyboard's way in). */
export default function FileDropzone({
  onFiles,
  accept,
  multiple = false,
  disabled,
  buttonLabel = 'Choose file',
  hint,
  error,
}: FileDropzoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [over, setOver] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = Array.from(event.dataTransfer.files);
    if (files.length) onFiles(multiple ? files : files.slice(0, 1));
  };

  return (
    <Box
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      sx={(theme) => ({
        border: 2,
        borderStyle: 'dashed',
        borderColor: error ? 'error.main' : over ? 'primary.main' : 'divider',
        borderRadius: 2,
        p: { xs: 2, sm: 3 },
        textAlign: 'center',
        bgcolor: over ? alpha(theme.palette.primary.main, 0.06) : 'background.paper',
        transition: 'background-color 120ms, border-color 120ms',
      })}
    >
      <UploadIcon color={disabled ? 'disabled' : 'primary'} sx={{ fontSize: 36 }} aria-hidden />
      <Box sx={{ mt: 1 }}>
        <Button
          variant="outlined"
          disabled={disabled}
          onClick={() => input.current?.click()}
          aria-describedby={hint ? hintId : undefined}
        >
          {buttonLabel}
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        or drop {multiple ? 'files' : 'a file'} here
      </Typography>
      {hint && (
        <Typography id={hintId} variant="caption" color="text.secondary">
          {hint}
        </Typography>
      )}
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        data-testid="file-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </Box>
  );
}

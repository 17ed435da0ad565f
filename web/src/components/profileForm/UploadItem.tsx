import { Box, Button, IconButton, LinearProgress, Stack, Tooltip, Typography } from '@mui/material';
import { DeleteIcon, DocumentIcon, ErrorIcon } from './formIcons';
import { CheckCircleIcon } from '../icons';
import { formatBytes, type UploadEntry } from './uploadQueue';

export interface UploadItemProps {
  entry: UploadEntry;
  onRemove?: () => void;
  /** Offered for a failed upload (not one over the size limit). */
  onRetry?: () => void;
}

const STATUS_TEXT = { waiting: 'Waiting', uploading: 'Uploading', uploaded: 'Uploaded', error: 'Failed' } as const;

/** One file of an upload list: its name and size, then progress, a tick, or its error. */
export default function UploadItem({ entry, onRemove, onRetry }: UploadItemProps) {
  const percent = Math.round(entry.progress * 100);
  const failed = entry.status === 'error';
  return (
    <Box
      component="li"
      aria-label={`${entry.file.name}: ${STATUS_TEXT[entry.status]}`}
      sx={{
        listStyle: 'none',
        border: 1,
        borderColor: failed ? 'error.light' : 'divider',
        borderRadius: 2,
        p: 1.5,
        bgcolor: 'background.paper',
      }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
        {entry.status === 'uploaded' ? (
          <CheckCircleIcon color="success" aria-hidden />
        ) : failed ? (
          <ErrorIcon color="error" aria-hidden />
        ) : (
          <DocumentIcon color="action" aria-hidden />
        )}
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="body2" noWrap title={entry.file.name} sx={{ fontWeight: 600 }}>
            {entry.file.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {formatBytes(entry.file.size)}
            {entry.status === 'uploading' && ` · ${percent}%`}
            {entry.status === 'uploaded' && ' · Uploaded'}
          </Typography>
        </Box>
        {failed && !entry.tooLarge && onRetry && (
          <Button size="small" onClick={onRetry} aria-label={`Retry ${entry.file.name}`}>
            Retry
          </Button>
        )}
        {onRemove && (
          <Tooltip title="Remove">
            <IconButton size="small" aria-label={`Remove ${entry.file.name}`} onClick={onRemove}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      {entry.status === 'uploading' && (
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-label={`Uploading ${entry.file.name}`}
          sx={{ mt: 1, borderRadius: 1 }}
        />
      )}
      {failed && entry.error && (
        <Typography variant="caption" color="error" role="alert" sx={{ display: 'block', mt: 0.5 }}>
          {entry.error}
        </Typography>
      )}
    </Box>
  );
}

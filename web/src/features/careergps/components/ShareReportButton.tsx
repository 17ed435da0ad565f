import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  TextField,
  Tooltip,
} from '@mui/material';
import { firstErrorMessage, ApiError } from '../../../lib/api/errors';
import { reportUrl, useShareReport } from '../api';

/** Share: makes the report public, then shows its public address with a copy button. */
export default function ShareReportButton({ slug, ariaLabel }: { slug: string; ariaLabel?: string }) {
  const share = useShareReport();
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const url = reportUrl(slug);

  const start = () => {
    setCopied(false);
    share.mutate(slug, { onSuccess: () => setOpen(true) });
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  const error =
    share.error instanceof ApiError ? (firstErrorMessage(share.error.body) ?? share.error.message) : share.error ? 'Could not share the report.' : null;

  return (
    <>
      <Button variant="outlined" onClick={start} disabled={share.isPending} aria-label={ariaLabel}>
        {share.isPending ? 'Sharing…' : 'Share'}
      </Button>
      {error && !open ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      ) : null}
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>Share report</DialogTitle>
        <DialogContent>
          <TextField
            label="Public URL"
            value={url}
            fullWidth
            margin="dense"
            slotProps={{
              input: {
                readOnly: true,
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title={copied ? 'Copied' : 'Copy link'}>
                      <IconButton aria-label="Copy link" onClick={() => void copy()} edge="end">
                        <CopyGlyph />
                      </IconButton>
                    </Tooltip>
                  </InputAdornment>
                ),
              },
            }}
          />
          {copied ? (
            <Alert severity="success" sx={{ mt: 1 }}>
              Link copied
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function CopyGlyph() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M16 1H4a2 2 0 0 0-2 2v14h2V3h12V1zm3 4H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2zm0 16H8V7h11v14z" />
    </svg>
  );
}

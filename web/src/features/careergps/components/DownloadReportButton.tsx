import { useState } from 'react';
import { Button, Tooltip } from '@mui/material';
import { downloadReportPdf } from '../api';

/** Download: the report as a PDF rendered on the server, fetched with the session's token (owner only). */
export default function DownloadReportButton({ slug }: { slug: string }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await downloadReportPdf(slug);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Tooltip title={failed ? 'Could not download the report. Try again.' : ''}>
      <span>
        <Button variant="outlined" onClick={() => void download()} disabled={busy} color={failed ? 'error' : 'primary'}>
          {busy ? 'Downloading…' : 'Download'}
        </Button>
      </span>
    </Tooltip>
  );
}

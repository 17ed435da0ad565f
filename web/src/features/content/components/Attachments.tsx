import { useEffect, useState } from 'react';
import { Alert, Box, Button, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { protectedFileUrl } from '../api/contents';
import type { ContentFile } from '../api/types';

function ProtectedOpen({ file }: { file: ContentFile }) {
  const [error, setError] = useState(false);
  const open = async () => {
    try {
      const url = await protectedFileUrl(file.file ?? '');
      window.open(url, '_blank', 'noopener');
    } catch {
      setError(true);
    }
  };
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => void open()}>
        Open {file.name}
      </Button>
      {error && <Alert severity="error">Could not open the file</Alert>}
    </>
  );
}

/** A locked premium PDF: its first page only (a one-page PDF cut by the server), shown in place without a download. */
export function LockedPdfPreview({ file }: { file: ContentFile }) {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    protectedFileUrl(file.preview ?? '')
      .then((made) => {
        url = made;
        if (live) setState({ url: made, failed: false });
        else URL.revokeObjectURL(made);
      })
      .catch(() => live && setState({ url: null, failed: true }));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [file.preview]);
  return (
    <Box component="figure" sx={{ m: 0 }} aria-label={`${file.name}: first page preview`}>
      <Alert severity="warning" icon={<Box component="span" aria-hidden>🔒</Box>} sx={{ mb: 1 }}>
        <Typography component="span" sx={{ fontWeight: 700 }}>
          Locked premium resource.
        </Typography>{' '}
        Only the first page of {file.name} is shown; the whole document opens with a premium membership.
      </Alert>
      {state.failed && <Alert severity="error">The preview could not be shown.</Alert>}
      {!state.url && !state.failed && <Skeleton variant="rounded" height={360} aria-label="Loading the preview" />}
      {state.url && (
        <Box
          component="iframe"
          title={`${file.name} (first page)`}
          src={`${state.url}#toolbar=0&navpanes=0`}
          sx={{ width: '100%', height: { xs: 420, sm: 640 }, border: 1, borderColor: 'divider', borderRadius: 2 }}
        />
      )}
    </Box>
  );
}

/** A post's or resource's files: images inline, videos playable, PDFs as links; premium files locked. */
export default function Attachments({ files }: { files: ContentFile[] }) {
  if (files.length === 0) return null;
  const images = files.filter((f) => f.kind === 'image' && f.file && !f.protected);
  const others = files.filter((f) => !images.includes(f));
  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      {images.length > 0 && (
        <Box sx={{ display: 'grid', gridTemplateColumns: images.length === 1 ? '1fr' : 'repeat(2, 1fr)', gap: 1 }}>
          {images.map((image) => (
            <Box
              key={image.id}
              component="img"
              src={image.file ?? ''}
              alt={image.name}
              loading="lazy"
              sx={{ width: '100%', maxHeight: 420, objectFit: 'cover', borderRadius: 2 }}
            />
          ))}
        </Box>
      )}
      {others.map((file) => {
        if (file.locked && file.preview) return <LockedPdfPreview key={file.id} file={file} />;
        if (file.locked) return <Chip key={file.id} label={`${file.name} — premium`} variant="outlined" />;
        if (file.protected) return <ProtectedOpen key={file.id} file={file} />;
        if (file.kind === 'video') {
          return <Box key={file.id} component="video" src={file.file ?? ''} controls preload="metadata" sx={{ width: '100%', borderRadius: 2 }} />;
        }
        return (
          <Button key={file.id} size="small" variant="outlined" href={file.file ?? ''} target="_blank" rel="noopener noreferrer" sx={{ alignSelf: 'flex-start' }}>
            {file.name}
          </Button>
        );
      })}
    </Stack>
  );
}

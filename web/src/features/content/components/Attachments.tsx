import { useState } from 'react';
import { Alert, Box, Button, Chip, Stack } from '@mui/material';
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

import { useRef, type ReactNode } from 'react';
import { Button, IconButton } from '@mui/material';
import LazyTooltip from '../../../components/LazyTooltip';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from '../../../lib/snackbar';
import { COVER_IMAGE_TYPES, uploadGroupCover, uploadGroupLogo } from '../../../lib/groups/groups';
import { useRefreshGroups } from '../api/group';
import { CameraBodyIcon } from './icons';

interface Props {
  groupId: number;
  kind: 'logo' | 'cover';
  /** An icon button with this label instead of a text button. */
  compact?: boolean;
  children?: ReactNode;
}

/**
 * Uploads a group's logo (POST /groups/{id}/logo/, field logo) or cover image (POST
 * /groups/{id}/cover-image/, field cover_image) with the spec's messages (001 §8).
 */
export default function ImageUploadButton({ groupId, kind, compact }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefreshGroups();
  const upload = useMutation({
    mutationFn: (file: File) => (kind === 'logo' ? uploadGroupLogo(groupId, file) : uploadGroupCover(groupId, file)),
    meta: { silent: true },
    onSuccess: async () => {
      if (kind === 'cover') enqueueSnackbar('Successfully updated cover image', { variant: 'success' });
      await refresh();
    },
    onError: () =>
      enqueueSnackbar(kind === 'logo' ? 'Could not update logo' : 'Could not update cover image', { variant: 'error' }),
  });
  const label = kind === 'logo' ? 'Change logo' : 'Change cover image';
  const picker = (
    <input
      ref={input}
      hidden
      type="file"
      accept={COVER_IMAGE_TYPES}
      aria-label={`${label} file`}
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (file) upload.mutate(file);
      }}
    />
  );
  if (compact) {
    return (
      <>
        <LazyTooltip title={label}>
          <IconButton
            aria-label={label}
            onClick={() => input.current?.click()}
            disabled={upload.isPending}
            size="small"
            sx={{ bgcolor: 'background.paper', boxShadow: 1, '&:hover': { bgcolor: 'background.paper' } }}
          >
            <CameraBodyIcon fontSize="small" />
          </IconButton>
        </LazyTooltip>
        {picker}
      </>
    );
  }
  return (
    <>
      <Button
        size="small"
        variant="contained"
        color="inherit"
        startIcon={<CameraBodyIcon />}
        onClick={() => input.current?.click()}
        loading={upload.isPending}
        sx={{ bgcolor: 'background.paper' }}
      >
        {label}
      </Button>
      {picker}
    </>
  );
}

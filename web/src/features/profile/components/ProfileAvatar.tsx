import { useId, useRef, useState } from 'react';
import { Avatar, Box, IconButton } from '@mui/material';
import ActionMenu from '../../../components/ActionMenu';
import { preloadActionMenuProps } from '../../../components/actionMenuLoader';
import LazyTooltip from '../../../components/LazyTooltip';
import { useSnackbar } from '../../../lib/snackbar';
import { firstErrorMessage, ApiError } from '../../../lib/api/errors';
import { useDeletePicture, useUploadPicture } from '../api/picture';
import ConfirmDialog from '../../../components/ConfirmDialog';
import { CameraIcon } from './icons';

const SIZE = { xs: 88, md: 120 };
const MAX_BYTES = 10 * 1024 * 1024;

interface Props {
  name: string;
  picture: string | null | undefined;
  editable: boolean;
}

/** The profile picture; its owner can change it or remove it (after confirming). */
export default function ProfileAvatar({ name, picture, editable }: Props) {
  const { enqueueSnackbar } = useSnackbar();
  const input = useRef<HTMLInputElement>(null);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const menuId = useId();
  const upload = useUploadPicture();
  const remove = useDeletePicture();
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

  const avatar = (
    <Avatar
      src={picture ?? undefined}
      alt={name}
      sx={{ width: SIZE, height: SIZE, fontSize: { xs: 32, md: 42 }, bgcolor: 'primary.main', border: 4, borderColor: 'background.paper', boxShadow: 2 }}
    >
      {initials}
    </Avatar>
  );
  if (!editable) return avatar;

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_BYTES) {
      enqueueSnackbar('Maximum size exceed (max 10MB allowed)', { variant: 'error' });
      return;
    }
    upload.mutate(file, {
      onSuccess: () => enqueueSnackbar('Successfully updated information', { variant: 'success' }),
      onError: (error) => {
        const detail = error instanceof ApiError && error.status === 400 ? firstErrorMessage(error.body) : null;
        enqueueSnackbar(detail ?? 'Could not upload profile picture', { variant: 'error' });
      },
    });
  };

  return (
    <>
      {/* Where MUI's Badge (overlap circular, bottom right) puts its content, without the Badge:
          its content is aria-hidden, which hid this button from assistive technology. */}
      <Box component="span" sx={{ position: 'relative', display: 'inline-flex', verticalAlign: 'middle', flexShrink: 0 }}>
        {avatar}
        <Box
          component="span"
          sx={{
            position: 'absolute',
            inset: 'auto 14% 14% auto',
            transform: 'translate(50%, 50%)',
            transformOrigin: '100% 100%',
            zIndex: 1,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            boxSizing: 'border-box',
            minWidth: 20,
            height: 20,
            px: '6px',
          }}
        >
          <LazyTooltip title="Change profile picture">
            <IconButton
              size="small"
              aria-label="Change profile picture"
              aria-haspopup="menu"
              aria-controls={anchor ? menuId : undefined}
              aria-expanded={Boolean(anchor)}
              loading={upload.isPending || remove.isPending}
              onClick={(event) => setAnchor(event.currentTarget)}
              {...preloadActionMenuProps}
              sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', boxShadow: 1, '&:hover': { bgcolor: 'grey.100' } }}
            >
              <CameraIcon fontSize="small" />
            </IconButton>
          </LazyTooltip>
        </Box>
      </Box>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp"
        hidden
        data-testid="picture-input"
        onChange={(event) => {
          choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <ActionMenu
        id={menuId}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        items={[
          { label: 'Upload new picture', onSelect: () => input.current?.click() },
          ...(picture ? [{ label: 'Remove picture', onSelect: () => setConfirming(true) }] : []),
        ]}
      />
      <ConfirmDialog
        open={confirming}
        title="Remove profile picture?"
        message="Your picture will be removed from your profile."
        confirmLabel="Remove"
        pending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: (answer) => {
              setConfirming(false);
              enqueueSnackbar(answer?.message || 'Profile picture removed', { variant: 'success' });
            },
          })
        }
      />
    </>
  );
}

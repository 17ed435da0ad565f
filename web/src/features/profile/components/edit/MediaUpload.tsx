import { Button, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../../../lib/snackbar';
import FileDropzone from '../../../../components/profileForm/FileDropzone';
import UploadItem from '../../../../components/profileForm/UploadItem';
import { useFileUploads, type UploadFn } from '../../../../components/profileForm/useFileUploads';
import { identityKey } from '../../../../lib/auth/identity';
import { PROFILE_PAGE_KEY } from '../../../../lib/profile/updateProfile';

interface Props {
  title: string;
  /** The file the profile has now. */
  currentUrl: string | null | undefined;
  currentLabel: string;
  accept: string;
  hint: string;
  buttonLabel: string;
  /** Says why a file cannot be sent (type, size), or null when it can. */
  refuse: (file: File) => string | null;
  upload: UploadFn;
  successMessage: string;
  failureMessage: string;
}

/** One kind of profile file (resume or video): the current one, and new uploads with progress. */
export default function MediaUpload({
  title,
  currentUrl,
  currentLabel,
  accept,
  hint,
  buttonLabel,
  refuse,
  upload,
  successMessage,
  failureMessage,
}: Props) {
  const { enqueueSnackbar } = useSnackbar();
  const client = useQueryClient();
  const send: UploadFn = async (file, options) => {
    try {
      const stored = await upload(file, options);
      enqueueSnackbar(successMessage, { variant: 'success' });
      await Promise.all([
        client.invalidateQueries({ queryKey: PROFILE_PAGE_KEY }),
        client.invalidateQueries({ queryKey: identityKey }),
      ]);
      return stored;
    } catch (error) {
      if (!options.signal?.aborted) enqueueSnackbar(failureMessage, { variant: 'error' });
      throw error;
    }
  };
  const uploads = useFileUploads({ upload: send, fallbackError: failureMessage });

  return (
    <Stack spacing={1.5} component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {currentUrl ? (
        <Button href={currentUrl} target="_blank" rel="noopener noreferrer" size="small" sx={{ alignSelf: 'flex-start' }}>
          {currentLabel}
        </Button>
      ) : (
        <Typography variant="body2" color="text.secondary">
          Nothing uploaded yet.
        </Typography>
      )}
      <FileDropzone
        accept={accept}
        hint={hint}
        buttonLabel={buttonLabel}
        disabled={uploads.busy}
        onFiles={(files) => {
          const file = files[0];
          if (!file) return;
          const reason = refuse(file);
          if (reason) {
            enqueueSnackbar(reason, { variant: 'error' });
            return;
          }
          uploads.add([file]);
        }}
      />
      {uploads.entries.length > 0 && (
        <Stack component="ul" spacing={1} sx={{ m: 0, p: 0 }}>
          {uploads.entries.map((entry) => (
            <UploadItem
              key={entry.key}
              entry={entry}
              onRetry={() => uploads.retry(entry.key)}
              onRemove={entry.status === 'uploading' ? undefined : () => uploads.remove(entry.key)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

import { Stack, TextField } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from '../../../../lib/snackbar';
import RichTextEditor from '../../../../components/profileForm/RichTextEditor';
import { useSaveService } from '../../api/services';
import type { UserService } from '../../api/types';
import { placeServerErrors } from '../../serverErrors';
import { controlled } from '../../../../lib/forms/controlled';
import FormDialog from '../../../../components/FormDialog';
import { SERVICE_DESCRIPTION_WORDS, serviceSchema, serviceValues, toServiceBody, type ServiceValues } from './serviceForm';

interface Props {
  userId: number;
  service: UserService | null;
  onClose: () => void;
}

/** Add or edit a service the owner offers. */
export default function ServiceDialog({ userId, service, onClose }: Props) {
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveService(userId);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ServiceValues>({ resolver: zodResolver(serviceSchema), defaultValues: serviceValues(service) });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: service?.id ?? null, body: toServiceBody(values) });
      enqueueSnackbar('Successfully updated information', { variant: 'success' });
      onClose();
    } catch (error) {
      const { message } = placeServerErrors(error, setError, ['title', 'description', 'url']);
      if (message) enqueueSnackbar(message, { variant: 'error' });
    }
  });

  return (
    <FormDialog title={service ? 'Edit service' : 'Add service'} onClose={onClose} onSubmit={onSubmit} submitting={isSubmitting}>
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <TextField
          label="Title"
          required
          fullWidth
          autoFocus
          {...register('title')}
          error={Boolean(errors.title)}
          helperText={errors.title?.message}
        />
        <Controller
          control={control}
          name="description"
          render={({ field, fieldState }) => (
            <RichTextEditor label="Description" maxWords={SERVICE_DESCRIPTION_WORDS} {...controlled(field, fieldState)} />
          )}
        />
        <TextField
          label="Link"
          placeholder="https://"
          fullWidth
          {...register('url')}
          error={Boolean(errors.url)}
          helperText={errors.url?.message ?? 'A booking or information page'}
        />
      </Stack>
    </FormDialog>
  );
}

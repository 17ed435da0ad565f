import { Checkbox, FormControlLabel, Stack, TextField } from '@mui/material';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from '../../../../lib/snackbar';
import RichTextEditor from '../../../../components/profileForm/RichTextEditor';
import TopicTagPicker from '../../../../components/profileForm/TopicTagPicker';
import InstitutionPicker from '../../../../components/profileForm/InstitutionPicker';
import { useSaveCareerEntry } from '../../api/careerEntries';
import type { CareerEntry, EntryType } from '../../api/types';
import { placeServerErrors } from '../../serverErrors';
import { controlled } from '../../../../lib/forms/controlled';
import FormDialog from '../../../../components/FormDialog';
import {
  careerEntrySchema,
  ENTRY_FIELDS,
  entryFormValues,
  MAX_ENTRY_SKILLS,
  toEntryBody,
  type CareerEntryFormValues,
} from './careerEntryForm';

interface Props {
  type: EntryType;
  userId: number;
  /** The entry to edit, or null to add one. */
  entry: CareerEntry | null;
  onClose: () => void;
}

const WORDING: Record<EntryType, { add: string; edit: string; title: string; group: string; current: string }> = {
  work: {
    add: 'Add experience',
    edit: 'Edit experience',
    title: 'Title',
    group: 'Company or organization',
    current: 'I currently work here',
  },
  education: {
    add: 'Add education',
    edit: 'Edit education',
    title: 'Degree',
    group: 'Institution',
    current: 'I currently study here',
  },
};

/** Add or edit a work or education entry (spec 002 §5 "Career entry"). */
export default function CareerEntryDialog({ type, userId, entry, onClose }: Props) {
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveCareerEntry(userId);
  const words = WORDING[type];
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CareerEntryFormValues>({
    resolver: zodResolver(careerEntrySchema),
    defaultValues: entryFormValues(entry),
  });
  const current = useWatch({ control, name: 'is_currently_working' });
  const monthField = (name: 'start_date' | 'end_date', label: string) => (
    <TextField
      label={label}
      type="month"
      required
      fullWidth
      {...register(name)}
      error={Boolean(errors[name])}
      helperText={errors[name]?.message}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { placeholder: 'YYYY-MM' } }}
    />
  );

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: entry?.id ?? null, body: toEntryBody(type, values, entry) });
      enqueueSnackbar('Successfully updated information', { variant: 'success' });
      onClose();
    } catch (error) {
      const { message } = placeServerErrors(error, setError, [...ENTRY_FIELDS, 'type']);
      if (message) enqueueSnackbar(message, { variant: 'error' });
    }
  });

  return (
    <FormDialog title={entry ? words.edit : words.add} onClose={onClose} onSubmit={onSubmit} submitting={isSubmitting}>
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <TextField
          label={words.title}
          required
          fullWidth
          autoFocus
          {...register('title')}
          error={Boolean(errors.title)}
          helperText={errors.title?.message}
        />
        <Controller
          control={control}
          name="group"
          render={({ field, fieldState }) => (
            <InstitutionPicker label={words.group} required {...controlled(field, fieldState, 'Choose one or type its name')} />
          )}
        />
        <Controller
          control={control}
          name="description"
          render={({ field, fieldState }) => (
            <RichTextEditor label="Description" required {...controlled(field, fieldState)} />
          )}
        />
        <Controller
          control={control}
          name="skills"
          render={({ field, fieldState }) => (
            <TopicTagPicker topicType="skill" label="Skills" required max={MAX_ENTRY_SKILLS} {...controlled(field, fieldState)} />
          )}
        />
        <Controller
          control={control}
          name="is_currently_working"
          render={({ field }) => (
            <FormControlLabel
              control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
              label={words.current}
            />
          )}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {monthField('start_date', 'Start date')}
          {!current && monthField('end_date', 'End date')}
        </Stack>
        <Controller
          control={control}
          name="show_gps"
          render={({ field }) => (
            <FormControlLabel
              control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
              label="Use this entry in CareerGPS"
            />
          )}
        />
      </Stack>
    </FormDialog>
  );
}

import { useEffect, useState } from 'react';
import { Alert, Box, Button, MenuItem, Stack, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { Controller, useForm, useWatch } from 'react-hook-form';
import CountrySelect from '../../../components/profileForm/CountrySelect';
import {
  BoundCountries,
  BoundOptionMultiSelect,
  BoundRichText,
  BoundSelect,
  BoundTextField,
  BoundTopicTagPicker,
} from '../../../components/forms/BoundFields';
import BoundSwitch from '../../../components/forms/BoundSwitch';
import { FormActions, FormRow, FormSection } from '../../../components/forms/FormLayout';
import { messagesResolver } from '../../../lib/forms/messagesResolver';
import { applyServerErrorsOnDemand } from '../../../lib/forms/serverErrorsOnDemand';
import { withFieldErrors } from '../../../lib/groups/messages';
import { useAdministeredGroups } from '../../../lib/groups/useAdministeredGroups';
import { useOptionsConfig } from '../../../lib/profile/optionsConfig';
import {
  COMMITMENT_WEEKS,
  COMPLEXITY_LEVELS,
  COVER_IMAGE_TYPES,
  EVENT_TYPES,
  GROUP_FORM_MESSAGES,
  isProgram,
  LEARNING_MODALITIES,
  MAX_TOPICS,
  validateGroupForm,
  type GroupFormContext,
  type GroupFormField,
  type GroupFormValues,
} from '../groupForm';
import { capitalize } from '../../../lib/groups/rules';
import { useCircleTypes, useSdgs } from '../api/lookups';
import SdgPicker from './SdgPicker';

const GROUP_TYPES = ['circle', 'event', 'organization', 'institution'] as const;
const GROUP_DURATIONS = [
  { value: 'time_limited', label: 'Time limited' },
  { value: 'ongoing', label: 'Ongoing' },
];
const PUBLICITIES = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed (invitation only)' },
];

const FIELDS: GroupFormField[] = [
  'name', 'group_type', 'parent_group', 'description', 'objective', 'member_requirements', 'impact', 'location',
  'country', 'countries', 'topics', 'career_stages', 'professional_fields', 'relevant_sdgs', 'group_duration',
  'maximum_size', 'start_date', 'end_date', 'application_open_date', 'application_close_date', 'publicity',
  'circle_type', 'event_type', 'is_paid', 'price', 'paid_features', 'discount', 'commitment_time',
  'complexity_level', 'learning_modality', 'use_cases', 'external_link',
];

interface Props {
  initial: GroupFormValues;
  context: GroupFormContext;
  /** Editing an existing group (its type is fixed). */
  editing: boolean;
  submitLabel: string;
  onSubmit: (values: GroupFormValues, cover: File | null) => Promise<void>;
  onCancel: () => void;
}

/** Every field of spec 001 §3 that the group's type uses, checked with §5's messages; server errors land on their fields. */
export default function GroupForm({ initial, context, editing, submitLabel, onSubmit, onCancel }: Props) {
  const { enqueueSnackbar } = useSnackbar();
  const options = useOptionsConfig();
  const form = useForm<GroupFormValues>({
    defaultValues: initial,
    resolver: messagesResolver((values) => validateGroupForm(values, context)),
    mode: 'onSubmit', reValidateMode: 'onChange' });
  const { control, handleSubmit, formState, setError } = form;
  const type = useWatch({ control, name: 'group_type' });
  const isPaid = useWatch({ control, name: 'is_paid' });
  const isExternal = useWatch({ control, name: 'is_external' });
  const program = isProgram(type);
  const circleTypes = useCircleTypes(type === 'circle');
  const sdgs = useSdgs();
  const parents = useAdministeredGroups(['groups', 'administered'], program && !context.parentFromContext);
  const [cover, setCover] = useState<File | null>(null);
  const [coverError, setCoverError] = useState<string | null>(null);

  useEffect(() => {
    if (circleTypes.isError) enqueueSnackbar('Could not fetch circle types', { variant: 'error' });
  }, [circleTypes.isError, enqueueSnackbar]);

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values, cover);
    } catch (error) {
      const rest = await applyServerErrorsOnDemand(withFieldErrors(error), setError, FIELDS);
      enqueueSnackbar(rest ?? `Could not ${editing ? 'edit' : 'create'} ${type}`, { variant: 'error' });
    }
  });

  const hasErrors = Object.keys(formState.errors).some((key) => key !== 'root');
  const err = (field: GroupFormField) => formState.errors[field]?.message as string | undefined;
  const careerStages = options.career_stages.map((option) => ({ value: String(option.value), label: option.label }));
  const fields = [
    { value: 'all', label: 'All fields' },
    ...options.professional_fields.map((option) => ({ value: String(option.value), label: option.label })),
  ];
  const date = (name: 'application_open_date' | 'application_close_date' | 'start_date' | 'end_date', label: string) => (
    <BoundTextField control={control} name={name} label={label} type="date" required slotProps={{ inputLabel: { shrink: true } }} />
  );
  const size = (
    <BoundTextField control={control} name="maximum_size" label="Maximum size" type="number" slotProps={{ htmlInput: { min: 0 } }} />
  );

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label={`${capitalize(type)} form`}>
      <Stack spacing={2.5}>
        <FormSection title="Basics">
          <BoundTextField control={control} name="name" label="Name" required />
          {!editing && (
            <BoundSelect
              control={control}
              name="group_type"
              label="Type"
              required
              disabled={context.parentFromContext}
              choices={GROUP_TYPES.map((item) => ({ value: item, label: capitalize(item) }))}
            />
          )}
          {program && !context.parentFromContext && (
            <BoundSelect
              control={control}
              name="parent_group"
              numeric
              required
              label="Organization"
              helperText={parents.isError ? 'Could not fetch organizations' : undefined}
              choices={(parents.data?.data ?? [])
                .filter((group) => !isProgram(group.group_type))
                .map((group) => ({ value: group.id, label: group.name }))}
            />
          )}
          {type === 'circle' && (
            <BoundSelect
              control={control}
              name="circle_type"
              numeric
              required
              label="Circle type"
              choices={(circleTypes.data ?? []).map((item) => ({ value: item.id, label: item.name }))}
            />
          )}
          {type === 'event' && (
            <BoundSelect
              control={control}
              name="event_type"
              required
              label="Event type"
              choices={EVENT_TYPES.map((item) => ({ value: item, label: capitalize(item) }))}
            />
          )}
          <BoundRichText control={control} name="description" label="Description" required />
          {program && <BoundRichText control={control} name="objective" label="Objective" />}
          {program && <BoundRichText control={control} name="member_requirements" label="Member requirements" />}
          {!program && initial.impact !== undefined && editing && <BoundRichText control={control} name="impact" label="AI Impact" />}
        </FormSection>

        <FormSection title="Audience">
          <BoundTopicTagPicker control={control} name="topics" topicType="general" label="Topics" required={program} max={MAX_TOPICS} />
          <Controller
            name="relevant_sdgs"
            control={control}
            render={({ field: bound }) => (
              <SdgPicker
                sdgs={sdgs.data ?? []}
                loading={sdgs.isPending}
                required={type === 'circle'}
                value={bound.value}
                onChange={bound.onChange}
                onBlur={bound.onBlur}
                error={err('relevant_sdgs')}
              />
            )}
          />
          <FormRow>
            <BoundOptionMultiSelect control={control} name="career_stages" label="Career stages" required={program} options={careerStages} />
            <BoundOptionMultiSelect control={control} name="professional_fields" label="Fields of interest" options={fields} />
          </FormRow>
          <FormRow>
            <Controller
              name="country"
              control={control}
              render={({ field: bound }) => (
                <CountrySelect
                  value={bound.value}
                  onChange={bound.onChange}
                  required={!program}
                  error={Boolean(err('country'))}
                  helperText={err('country')}
                />
              )}
            />
            <BoundTextField control={control} name="location" label="Location" />
          </FormRow>
          <BoundCountries control={control} name="countries" />
        </FormSection>

        {program && (
          <FormSection title="Schedule">
            <FormRow>
              {date('application_open_date', 'Application open date')}
              {date('application_close_date', 'Application close date')}
            </FormRow>
            <FormRow>
              {date('start_date', 'Start date')}
              {date('end_date', 'End date')}
            </FormRow>
            <FormRow>
              <BoundSelect
                control={control}
                name="commitment_time"
                numeric
                required
                label="Duration"
                choices={COMMITMENT_WEEKS.map((weeks) => ({ value: weeks, label: weeks === 1 ? '1 week' : `${weeks} weeks` }))}
              />
              <BoundSelect control={control} name="group_duration" label="Group duration" choices={GROUP_DURATIONS} />
            </FormRow>
            <FormRow>
              <BoundSelect control={control} name="publicity" required label="Publicity" choices={PUBLICITIES} />
              {size}
            </FormRow>
            {type === 'circle' && (
              <FormRow>
                <BoundSelect control={control} name="learning_modality" label="Learning modality" choices={LEARNING_MODALITIES}>
                  <MenuItem value="">Not set</MenuItem>
                </BoundSelect>
                <BoundSelect control={control} name="complexity_level" label="Complexity level" choices={COMPLEXITY_LEVELS}>
                  <MenuItem value="">Not set</MenuItem>
                </BoundSelect>
              </FormRow>
            )}
            {type === 'event' && (
              <>
                <BoundSwitch control={control} name="is_external" label="External event (registration happens elsewhere)" />
                {isExternal && <BoundTextField control={control} name="external_link" label="External link" type="url" required />}
              </>
            )}
          </FormSection>
        )}
        {!program && <FormSection title="Size">{size}</FormSection>}

        <FormSection title="Price">
          <BoundSwitch control={control} name="is_paid" label="Paid" />
          {isPaid && (
            <>
              <FormRow>
                <BoundTextField
                  control={control}
                  name="price"
                  label="Price (USD)"
                  type="number"
                  required
                  slotProps={{ htmlInput: { min: 0, step: '0.01' } }}
                />
                <BoundTextField control={control} name="discount" label="Discount (%)" type="number" slotProps={{ htmlInput: { min: 0, max: 100 } }} />
              </FormRow>
              <BoundTextField
                control={control}
                name="paid_features"
                label="Paid features (one per line)"
                multiline
                minRows={3}
                helperText="Up to 3"
              />
            </>
          )}
        </FormSection>

        <FormSection title="Cover image">
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Button component="label" variant="outlined">
              Choose image
              <input
                hidden
                type="file"
                accept={COVER_IMAGE_TYPES}
                aria-label="Cover image"
                onChange={(event) => {
                  const file = event.target.files?.[0] ?? null;
                  if (file && !['image/jpeg', 'image/png', 'image/jpg'].includes(file.type)) {
                    setCoverError('Only jpeg, png or jpg images');
                    return;
                  }
                  setCoverError(null);
                  setCover(file);
                }}
              />
            </Button>
            <Typography variant="body2" color={coverError ? 'error' : 'text.secondary'} role={coverError ? 'alert' : undefined}>
              {coverError ?? cover?.name ?? 'jpeg, png or jpg'}
            </Typography>
          </Stack>
        </FormSection>

        {err('use_cases') && <Alert severity="error">{err('use_cases')}</Alert>}
        {hasErrors && (
          <Alert severity="error" role="alert">
            {GROUP_FORM_MESSAGES.summary}
          </Alert>
        )}
        <FormActions submitLabel={submitLabel} submitting={formState.isSubmitting} onCancel={onCancel} />
      </Stack>
    </Box>
  );
}

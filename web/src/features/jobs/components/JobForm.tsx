import { Alert, Box, Stack, TextField } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { useForm, useWatch } from 'react-hook-form';
import {
  BoundCountries,
  BoundOptionMultiSelect,
  BoundRichText,
  BoundSelect,
  BoundTextField,
  BoundTopicTagPicker,
} from '../../../components/forms/BoundFields';
import { FormActions, FormRow, FormSection } from '../../../components/forms/FormLayout';
import { useAdministeredGroups } from '../../../lib/groups/useAdministeredGroups';
import { applyServerErrorsOnDemand } from '../../../lib/forms/serverErrorsOnDemand';
import { messagesResolver } from '../../../lib/forms/messagesResolver';
import { withFieldErrors } from '../../../lib/groups/messages';
import { useOptionsConfig } from '../../../lib/profile/optionsConfig';
import { JOB_FORM_MESSAGES, MAX_JOB_SKILLS, needsAddress, validateJobForm, type JobFormField, type JobFormValues } from '../jobForm';
import { JOB_LOCATIONS, JOB_TYPES } from '../jobRules';

const FIELDS: JobFormField[] = [
  'title', 'description', 'requirements', 'group', 'career_stages', 'professional_fields', 'countries', 'skills', 'job_type', 'job_location',
  'address', 'application_open_date', 'application_close_date',
];

const DATE_PROPS = { type: 'date', slotProps: { inputLabel: { shrink: true } } } as const;

interface Props {
  initial: JobFormValues;
  editing: boolean;
  /** The owning group is fixed by where the form was opened (an organization's Job Board). */
  groupFixed?: { id: number; name: string } | null;
  submitLabel: string;
  onSubmit: (values: JobFormValues) => Promise<void>;
  onCancel: () => void;
}

/**
 * The job form (spec 001 §3 "Job", §5 "Job"): title and description required, description and
 * requirements up to 4000 characters, at most 7 skills, an address for on-site and hybrid
 * jobs, the owning group when creating, and a close date not before the open date. Server
 * field errors land on their fields.
 */
export default function JobForm({ initial, editing, groupFixed, submitLabel, onSubmit, onCancel }: Props) {
  const { enqueueSnackbar } = useSnackbar();
  const options = useOptionsConfig();
  const { control, handleSubmit, formState, setError } = useForm<JobFormValues>({
    defaultValues: initial,
    resolver: messagesResolver((values) => validateJobForm(values, editing)),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const location = useWatch({ control, name: 'job_location' });
  const groups = useAdministeredGroups(['jobs', 'owning-groups'], !editing && !groupFixed);

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      const rest = await applyServerErrorsOnDemand(withFieldErrors(error), setError, FIELDS);
      enqueueSnackbar(rest ?? `Could not ${editing ? 'edit' : 'create'} job`, { variant: 'error' });
    }
  });

  const hasErrors = FIELDS.some((field) => formState.errors[field]);

  const groupHelp = groups.isError
    ? 'Could not fetch groups'
    : groups.data && groups.data.data.length === 0
      ? 'Only administrators of a group can post its jobs.'
      : 'A group you administer';
  const careerStages = options.career_stages.map((option) => ({ value: String(option.value), label: option.label }));
  const fields = options.professional_fields.map((option) => ({ value: String(option.value), label: option.label }));

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label="Job form">
      <Stack spacing={2.5}>
        <FormSection title="The job">
          <BoundTextField control={control} name="title" label="Title" required />
          {!editing &&
            (groupFixed ? (
              <TextField label="Posted by" value={groupFixed.name} disabled fullWidth />
            ) : (
              <BoundSelect
                control={control}
                name="group"
                numeric
                required
                fullWidth
                label="Posted by"
                helperText={groupHelp}
                choices={(groups.data?.data ?? []).map((group) => ({ value: group.id, label: group.name }))}
              />
            ))}
          <BoundRichText control={control} name="description" label="Description" required />
          <BoundRichText control={control} name="requirements" label="Requirements" />
        </FormSection>

        <FormSection title="Type and place">
          <FormRow>
            <BoundSelect control={control} name="job_type" label="Job type" required fullWidth choices={JOB_TYPES} />
            <BoundSelect control={control} name="job_location" label="Job location" required fullWidth choices={JOB_LOCATIONS} />
          </FormRow>
          {needsAddress(location) && <BoundTextField control={control} name="address" label="Address" required />}
          <BoundCountries control={control} name="countries" />
        </FormSection>

        <FormSection title="Who it is for">
          <BoundTopicTagPicker
            control={control}
            name="skills"
            topicType="skill"
            label="Skills"
            max={MAX_JOB_SKILLS}
            helperText={`Up to ${MAX_JOB_SKILLS}`}
          />
          <BoundOptionMultiSelect control={control} name="career_stages" label="Career stages" options={careerStages} />
          <BoundOptionMultiSelect control={control} name="professional_fields" label="Professional fields" options={fields} />
        </FormSection>

        <FormSection title="Applications">
          <FormRow>
            <BoundTextField control={control} name="application_open_date" label="Application open date" {...DATE_PROPS} />
            <BoundTextField control={control} name="application_close_date" label="Application close date" {...DATE_PROPS} />
          </FormRow>
        </FormSection>

        {hasErrors && <Alert severity="error">{JOB_FORM_MESSAGES.summary}</Alert>}
        {formState.errors.root?.server && !hasErrors && <Alert severity="error">{formState.errors.root.server.message}</Alert>}
        <FormActions submitLabel={submitLabel} submitting={formState.isSubmitting} onCancel={onCancel} />
      </Stack>
    </Box>
  );
}

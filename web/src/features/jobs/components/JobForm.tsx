import type { ReactNode } from 'react';
import { Alert, Autocomplete, Box, Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from '../../../lib/snackbar';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import OptionMultiSelect from '../../../components/profileForm/OptionMultiSelect';
import RichTextEditor from '../../../components/profileForm/RichTextEditor';
import TopicTagPicker from '../../../components/profileForm/TopicTagPicker';
import { COUNTRY_CHOICES } from '../../../components/profileForm/countries';
import { fetchAdministeredGroups } from '../../../lib/groups/groups';
import { applyServerErrors } from '../../../lib/forms/serverErrors';
import { withFieldErrors } from '../../../lib/groups/messages';
import { useOptionsConfig } from '../../../lib/profile/optionsConfig';
import { JOB_FORM_MESSAGES, MAX_JOB_SKILLS, needsAddress, validateJobForm, type JobFormField, type JobFormValues } from '../jobForm';
import { JOB_LOCATIONS, JOB_TYPES } from '../jobRules';

const FIELDS: JobFormField[] = [
  'title', 'description', 'requirements', 'group', 'career_stages', 'professional_fields', 'countries', 'skills', 'job_type', 'job_location',
  'address', 'application_open_date', 'application_close_date',
];

const COUNTRY_NAMES = COUNTRY_CHOICES.map((choice) => choice.name);

interface Props {
  initial: JobFormValues;
  editing: boolean;
  /** The owning group is fixed by where the form was opened (an organization's Job Board). */
  groupFixed?: { id: number; name: string } | null;
  submitLabel: string;
  onSubmit: (values: JobFormValues) => Promise<void>;
  onCancel: () => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="fieldset" sx={{ p: { xs: 2, md: 3 }, borderRadius: 3, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700, px: 0.5 }}>
        {title}
      </Typography>
      <Stack spacing={2.5} sx={{ mt: 1 }}>
        {children}
      </Stack>
    </Paper>
  );
}

function Row({ children }: { children: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ '& > *': { flex: 1, minWidth: 0 } }}>
      {children}
    </Stack>
  );
}

/** The groups the caller administers, which may own a job (GET /groups/list/?…role=admin,leader). */
function useAdministeredGroups(enabled: boolean) {
  return useQuery({
    queryKey: ['jobs', 'owning-groups'],
    queryFn: ({ signal }) => fetchAdministeredGroups(signal),
    enabled,
    meta: { silent: true },
  });
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
  const resolver: Resolver<JobFormValues> = async (values) => {
    const errors = validateJobForm(values, editing);
    const entries = Object.entries(errors);
    if (entries.length === 0) return { values, errors: {} };
    return { values: {}, errors: Object.fromEntries(entries.map(([field, message]) => [field, { type: 'validate', message }])) };
  };
  const { control, handleSubmit, formState, setError } = useForm<JobFormValues>({
    defaultValues: initial,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const location = useWatch({ control, name: 'job_location' });
  const groups = useAdministeredGroups(!editing && !groupFixed);

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      const rest = applyServerErrors(withFieldErrors(error), setError, FIELDS);
      enqueueSnackbar(rest ?? `Could not ${editing ? 'edit' : 'create'} job`, { variant: 'error' });
    }
  });

  const err = (field: JobFormField) => formState.errors[field]?.message as string | undefined;
  const hasErrors = FIELDS.some((field) => formState.errors[field]);
  const text = (field: 'title' | 'address' | 'application_open_date' | 'application_close_date', label: string, extra: Record<string, unknown> = {}) => (
    <Controller
      name={field}
      control={control}
      render={({ field: bound }) => (
        <TextField
          {...extra}
          label={label}
          name={bound.name}
          value={bound.value ?? ''}
          onChange={bound.onChange}
          onBlur={bound.onBlur}
          inputRef={bound.ref}
          error={Boolean(err(field))}
          helperText={err(field) ?? (extra.helperText as string | undefined)}
          fullWidth
        />
      )}
    />
  );
  const rich = (field: 'description' | 'requirements', label: string, required = false) => (
    <Controller
      name={field}
      control={control}
      render={({ field: bound }) => (
        <RichTextEditor
          label={label}
          required={required}
          value={bound.value}
          onChange={bound.onChange}
          onBlur={bound.onBlur}
          error={Boolean(err(field))}
          helperText={err(field) ?? 'Up to 4000 characters'}
        />
      )}
    />
  );
  const date = (field: 'application_open_date' | 'application_close_date', label: string) =>
    text(field, label, { type: 'date', slotProps: { inputLabel: { shrink: true } } });

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label="Job form">
      <Stack spacing={2.5}>
        <Section title="The job">
          {text('title', 'Title', { required: true })}
          {!editing &&
            (groupFixed ? (
              <TextField label="Posted by" value={groupFixed.name} disabled fullWidth />
            ) : (
              <Controller
                name="group"
                control={control}
                render={({ field: bound }) => (
                  <TextField
                    select
                    required
                    label="Posted by"
                    value={bound.value ?? ''}
                    onChange={(event) => bound.onChange(event.target.value === '' ? null : Number(event.target.value))}
                    error={Boolean(err('group'))}
                    helperText={
                      err('group') ??
                      (groups.isError
                        ? 'Could not fetch groups'
                        : groups.data && groups.data.data.length === 0
                          ? 'Only administrators of a group can post its jobs.'
                          : 'A group you administer')
                    }
                    fullWidth
                  >
                    {(groups.data?.data ?? []).map((group) => (
                      <MenuItem key={group.id} value={group.id}>
                        {group.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            ))}
          {rich('description', 'Description', true)}
          {rich('requirements', 'Requirements')}
        </Section>

        <Section title="Type and place">
          <Row>
            <Controller
              name="job_type"
              control={control}
              render={({ field: bound }) => (
                <TextField select label="Job type" required value={bound.value} onChange={bound.onChange} fullWidth>
                  {JOB_TYPES.map((item) => (
                    <MenuItem key={item.value} value={item.value}>
                      {item.label}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              name="job_location"
              control={control}
              render={({ field: bound }) => (
                <TextField select label="Job location" required value={bound.value} onChange={bound.onChange} fullWidth>
                  {JOB_LOCATIONS.map((item) => (
                    <MenuItem key={item.value} value={item.value}>
                      {item.label}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Row>
          {needsAddress(location) && text('address', 'Address', { required: true })}
          <Controller
            name="countries"
            control={control}
            render={({ field: bound }) => (
              <Autocomplete
                multiple
                options={COUNTRY_NAMES}
                value={bound.value}
                onChange={(_event, next) => bound.onChange(next)}
                filterSelectedOptions
                slotProps={{ listbox: { style: { maxHeight: 300 } } }}
                renderInput={(params) => <TextField {...params} label="Countries" />}
              />
            )}
          />
        </Section>

        <Section title="Who it is for">
          <Controller
            name="skills"
            control={control}
            render={({ field: bound }) => (
              <TopicTagPicker
                topicType="skill"
                label="Skills"
                max={MAX_JOB_SKILLS}
                value={bound.value}
                onChange={bound.onChange}
                onBlur={bound.onBlur}
                error={Boolean(err('skills'))}
                helperText={err('skills') ?? `Up to ${MAX_JOB_SKILLS}`}
              />
            )}
          />
          <Controller
            name="career_stages"
            control={control}
            render={({ field: bound }) => (
              <OptionMultiSelect
                label="Career stages"
                options={options.career_stages.map((option) => ({ value: String(option.value), label: option.label }))}
                value={bound.value}
                onChange={bound.onChange}
                error={Boolean(err('career_stages'))}
                helperText={err('career_stages')}
              />
            )}
          />
          <Controller
            name="professional_fields"
            control={control}
            render={({ field: bound }) => (
              <OptionMultiSelect
                label="Professional fields"
                options={options.professional_fields.map((option) => ({ value: String(option.value), label: option.label }))}
                value={bound.value}
                onChange={bound.onChange}
                error={Boolean(err('professional_fields'))}
                helperText={err('professional_fields')}
              />
            )}
          />
        </Section>

        <Section title="Applications">
          <Row>
            {date('application_open_date', 'Application open date')}
            {date('application_close_date', 'Application close date')}
          </Row>
        </Section>

        {hasErrors && <Alert severity="error">{JOB_FORM_MESSAGES.summary}</Alert>}
        {formState.errors.root?.server && !hasErrors && <Alert severity="error">{formState.errors.root.server.message}</Alert>}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onCancel} disabled={formState.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={formState.isSubmitting}>
            {submitLabel}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

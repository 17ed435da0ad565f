import { useEffect, useState, type ReactNode } from 'react';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  FormControlLabel,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from '../../../lib/snackbar';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import CountrySelect from '../../../components/profileForm/CountrySelect';
import OptionMultiSelect from '../../../components/profileForm/OptionMultiSelect';
import RichTextEditor from '../../../components/profileForm/RichTextEditor';
import TopicTagPicker from '../../../components/profileForm/TopicTagPicker';
import { COUNTRY_CHOICES } from '../../../components/profileForm/countries';
import { applyServerErrors } from '../../../lib/forms/serverErrors';
import { withFieldErrors } from '../../../lib/groups/messages';
import { fetchAdministeredGroups } from '../../../lib/groups/groups';
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

const FIELDS: GroupFormField[] = [
  'name', 'group_type', 'parent_group', 'description', 'objective', 'member_requirements', 'impact', 'location',
  'country', 'countries', 'topics', 'career_stages', 'professional_fields', 'relevant_sdgs', 'group_duration',
  'maximum_size', 'start_date', 'end_date', 'application_open_date', 'application_close_date', 'publicity',
  'circle_type', 'event_type', 'is_paid', 'price', 'paid_features', 'discount', 'commitment_time',
  'complexity_level', 'learning_modality', 'use_cases', 'external_link',
];

const COUNTRY_NAMES = COUNTRY_CHOICES.map((choice) => choice.name);

interface Props {
  initial: GroupFormValues;
  context: GroupFormContext;
  /** Editing an existing group (its type is fixed). */
  editing: boolean;
  submitLabel: string;
  onSubmit: (values: GroupFormValues, cover: File | null) => Promise<void>;
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

/** The parent organizations the caller administers (GET /groups/list/?…role=admin,leader). */
function useAdministeredOrganizations(enabled: boolean) {
  return useQuery({
    queryKey: ['groups', 'administered'],
    queryFn: ({ signal }) => fetchAdministeredGroups(signal),
    enabled,
    meta: { silent: true },
  });
}

/** Every field of spec 001 §3 that the group's type uses, checked with §5's messages; server errors land on their fields. */
export default function GroupForm({ initial, context, editing, submitLabel, onSubmit, onCancel }: Props) {
  const { enqueueSnackbar } = useSnackbar();
  const options = useOptionsConfig();
  const resolver: Resolver<GroupFormValues> = async (values) => {
    const errors = validateGroupForm(values, context);
    const entries = Object.entries(errors);
    if (entries.length === 0) return { values, errors: {} };
    return {
      values: {},
      errors: Object.fromEntries(entries.map(([field, message]) => [field, { type: 'validate', message }])),
    };
  };
  const form = useForm<GroupFormValues>({ defaultValues: initial, resolver, mode: 'onSubmit', reValidateMode: 'onChange' });
  const { control, handleSubmit, formState, setError } = form;
  const type = useWatch({ control, name: 'group_type' });
  const isPaid = useWatch({ control, name: 'is_paid' });
  const isExternal = useWatch({ control, name: 'is_external' });
  const program = isProgram(type);
  const circleTypes = useCircleTypes(type === 'circle');
  const sdgs = useSdgs();
  const parents = useAdministeredOrganizations(program && !context.parentFromContext);
  const [cover, setCover] = useState<File | null>(null);
  const [coverError, setCoverError] = useState<string | null>(null);

  useEffect(() => {
    if (circleTypes.isError) enqueueSnackbar('Could not fetch circle types', { variant: 'error' });
  }, [circleTypes.isError, enqueueSnackbar]);

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values, cover);
    } catch (error) {
      const rest = applyServerErrors(withFieldErrors(error), setError, FIELDS);
      enqueueSnackbar(rest ?? `Could not ${editing ? 'edit' : 'create'} ${type}`, { variant: 'error' });
    }
  });

  const hasErrors = Object.keys(formState.errors).some((key) => key !== 'root');
  const err = (field: GroupFormField) => formState.errors[field]?.message as string | undefined;
  const text = (field: GroupFormField, label: string, extra: Record<string, unknown> = {}) => (
    <Controller
      name={field}
      control={control}
      render={({ field: bound }) => (
        <TextField
          {...extra}
          label={label}
          name={bound.name}
          value={(bound.value as string | number | null) ?? ''}
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
  const rich = (field: 'description' | 'objective' | 'member_requirements' | 'impact', label: string, required = false) => (
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
  const date = (field: GroupFormField, label: string) =>
    text(field, label, { type: 'date', required: true, slotProps: { inputLabel: { shrink: true } } });

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label={`${capitalize(type)} form`}>
      <Stack spacing={2.5}>
        <Section title="Basics">
          {text('name', 'Name', { required: true })}
          {!editing && (
            <Controller
              name="group_type"
              control={control}
              render={({ field: bound }) => (
                <TextField select label="Type" required value={bound.value} onChange={bound.onChange} disabled={context.parentFromContext}>
                  {['circle', 'event', 'organization', 'institution'].map((item) => (
                    <MenuItem key={item} value={item}>
                      {capitalize(item)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          )}
          {program && !context.parentFromContext && (
            <Controller
              name="parent_group"
              control={control}
              render={({ field: bound }) => (
                <TextField
                  select
                  required
                  label="Organization"
                  value={bound.value ?? ''}
                  onChange={(event) => bound.onChange(event.target.value === '' ? null : Number(event.target.value))}
                  error={Boolean(err('parent_group'))}
                  helperText={err('parent_group') ?? (parents.isError ? 'Could not fetch organizations' : undefined)}
                >
                  {(parents.data?.data ?? [])
                    .filter((group) => !isProgram(group.group_type))
                    .map((group) => (
                      <MenuItem key={group.id} value={group.id}>
                        {group.name}
                      </MenuItem>
                    ))}
                </TextField>
              )}
            />
          )}
          {type === 'circle' && (
            <Controller
              name="circle_type"
              control={control}
              render={({ field: bound }) => (
                <TextField
                  select
                  required
                  label="Circle type"
                  value={bound.value ?? ''}
                  onChange={(event) => bound.onChange(event.target.value === '' ? null : Number(event.target.value))}
                  error={Boolean(err('circle_type'))}
                  helperText={err('circle_type')}
                >
                  {(circleTypes.data ?? []).map((item) => (
                    <MenuItem key={item.id} value={item.id}>
                      {item.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          )}
          {type === 'event' && (
            <Controller
              name="event_type"
              control={control}
              render={({ field: bound }) => (
                <TextField
                  select
                  required
                  label="Event type"
                  value={bound.value}
                  onChange={bound.onChange}
                  error={Boolean(err('event_type'))}
                  helperText={err('event_type')}
                >
                  {EVENT_TYPES.map((item) => (
                    <MenuItem key={item} value={item}>
                      {capitalize(item)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          )}
          {rich('description', 'Description', true)}
          {program && rich('objective', 'Objective')}
          {program && rich('member_requirements', 'Member requirements')}
          {!program && initial.impact !== undefined && editing && rich('impact', 'AI Impact')}
        </Section>

        <Section title="Audience">
          <Controller
            name="topics"
            control={control}
            render={({ field: bound }) => (
              <TopicTagPicker
                topicType="general"
                label="Topics"
                required={program}
                max={MAX_TOPICS}
                value={bound.value}
                onChange={bound.onChange}
                onBlur={bound.onBlur}
                error={Boolean(err('topics'))}
                helperText={err('topics')}
              />
            )}
          />
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
          <Row>
            <Controller
              name="career_stages"
              control={control}
              render={({ field: bound }) => (
                <OptionMultiSelect
                  label="Career stages"
                  required={program}
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
                  label="Fields of interest"
                  options={[
                    { value: 'all', label: 'All fields' },
                    ...options.professional_fields.map((option) => ({ value: String(option.value), label: option.label })),
                  ]}
                  value={bound.value}
                  onChange={bound.onChange}
                  error={Boolean(err('professional_fields'))}
                  helperText={err('professional_fields')}
                />
              )}
            />
          </Row>
          <Row>
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
            {text('location', 'Location')}
          </Row>
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

        {program && (
          <Section title="Schedule">
            <Row>
              {date('application_open_date', 'Application open date')}
              {date('application_close_date', 'Application close date')}
            </Row>
            <Row>
              {date('start_date', 'Start date')}
              {date('end_date', 'End date')}
            </Row>
            <Row>
              <Controller
                name="commitment_time"
                control={control}
                render={({ field: bound }) => (
                  <TextField
                    select
                    required
                    label="Duration"
                    value={bound.value ?? ''}
                    onChange={(event) => bound.onChange(event.target.value === '' ? null : Number(event.target.value))}
                    error={Boolean(err('commitment_time'))}
                    helperText={err('commitment_time')}
                  >
                    {COMMITMENT_WEEKS.map((weeks) => (
                      <MenuItem key={weeks} value={weeks}>
                        {weeks === 1 ? '1 week' : `${weeks} weeks`}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                name="group_duration"
                control={control}
                render={({ field: bound }) => (
                  <TextField select label="Group duration" value={bound.value} onChange={bound.onChange}>
                    <MenuItem value="time_limited">Time limited</MenuItem>
                    <MenuItem value="ongoing">Ongoing</MenuItem>
                  </TextField>
                )}
              />
            </Row>
            <Row>
              <Controller
                name="publicity"
                control={control}
                render={({ field: bound }) => (
                  <TextField
                    select
                    required
                    label="Publicity"
                    value={bound.value}
                    onChange={bound.onChange}
                    error={Boolean(err('publicity'))}
                    helperText={err('publicity')}
                  >
                    <MenuItem value="open">Open</MenuItem>
                    <MenuItem value="closed">Closed (invitation only)</MenuItem>
                  </TextField>
                )}
              />
              {text('maximum_size', 'Maximum size', { type: 'number', slotProps: { htmlInput: { min: 0 } } })}
            </Row>
            {type === 'circle' && (
              <Row>
                <Controller
                  name="learning_modality"
                  control={control}
                  render={({ field: bound }) => (
                    <TextField select label="Learning modality" value={bound.value} onChange={bound.onChange}>
                      <MenuItem value="">Not set</MenuItem>
                      {LEARNING_MODALITIES.map((item) => (
                        <MenuItem key={item.value} value={item.value}>
                          {item.label}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
                <Controller
                  name="complexity_level"
                  control={control}
                  render={({ field: bound }) => (
                    <TextField select label="Complexity level" value={bound.value} onChange={bound.onChange}>
                      <MenuItem value="">Not set</MenuItem>
                      {COMPLEXITY_LEVELS.map((item) => (
                        <MenuItem key={item.value} value={item.value}>
                          {item.label}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              </Row>
            )}
            {type === 'event' && (
              <>
                <Controller
                  name="is_external"
                  control={control}
                  render={({ field: bound }) => (
                    <FormControlLabel
                      control={<Switch checked={bound.value} onChange={(event) => bound.onChange(event.target.checked)} />}
                      label="External event (registration happens elsewhere)"
                    />
                  )}
                />
                {isExternal && text('external_link', 'External link', { type: 'url', required: true })}
              </>
            )}
          </Section>
        )}
        {!program && (
          <Section title="Size">{text('maximum_size', 'Maximum size', { type: 'number', slotProps: { htmlInput: { min: 0 } } })}</Section>
        )}

        <Section title="Price">
          <Controller
            name="is_paid"
            control={control}
            render={({ field: bound }) => (
              <FormControlLabel
                control={<Switch checked={bound.value} onChange={(event) => bound.onChange(event.target.checked)} />}
                label="Paid"
              />
            )}
          />
          {isPaid && (
            <>
              <Row>
                {text('price', 'Price (USD)', { type: 'number', required: true, slotProps: { htmlInput: { min: 0, step: '0.01' } } })}
                {text('discount', 'Discount (%)', { type: 'number', slotProps: { htmlInput: { min: 0, max: 100 } } })}
              </Row>
              {text('paid_features', 'Paid features (one per line)', { multiline: true, minRows: 3, helperText: 'Up to 3' })}
            </>
          )}
        </Section>

        <Section title="Cover image">
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
        </Section>

        {err('use_cases') && <Alert severity="error">{err('use_cases')}</Alert>}
        {hasErrors && (
          <Alert severity="error" role="alert">
            {GROUP_FORM_MESSAGES.summary}
          </Alert>
        )}
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

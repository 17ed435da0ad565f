import { Box, MenuItem, TextField } from '@mui/material';
import { Controller, useFormState, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { reasonsForStage, stagesForRole, useOptionsConfig } from '../../lib/profile/optionsConfig';
import type { InstitutionValue } from '../../lib/profile/institutions';
import CountrySelect from './CountrySelect';
import InstitutionPicker from './InstitutionPicker';
import OptionMultiSelect from './OptionMultiSelect';
import OptionSelect from './OptionSelect';
import RichTextEditor from './RichTextEditor';
import TopicTagPicker from './TopicTagPicker';
import {
  AFFILIATIONS,
  HIGH_SCHOOL_ROLE,
  HIGH_SCHOOL_STAGE,
  LIMITS,
  isFieldShown,
  withCareerStage,
  type ProfileFieldName,
  type ProfileFormContext,
  type ProfileFormValues,
} from './profileSchema';
import { SOCIAL_LINK_FIELDS } from './socialLinks';
import { PROFILE_FIELD_LABELS } from './fieldLabels';

export interface ProfileFieldsProps {
  control: Control<ProfileFormValues>;
  setValue: UseFormSetValue<ProfileFormValues>;
  /** The fields to show, in this order; those hidden by the site or by other values are skipped. */
  fields: readonly ProfileFieldName[];
  ctx: ProfileFormContext;
  /** Institutions to suggest in the institution picker. */
  institutionOptions?: readonly InstitutionValue[];
  /** The institution's label (e.g. "University" on an institutional site). */
  institutionLabel?: string;
  disabled?: boolean;
}

const REQUIRED: ReadonlySet<ProfileFieldName> = new Set<ProfileFieldName>([
  'first_name',
  'last_name',
  'title',
  'country',
  'institution',
  'interested_services',
  'current_role',
  'career_stage',
  'reason_to_join',
  'skills',
  'topics',
  'batch',
  'affiliation',
  'department',
  'college',
  'country_of_origin',
]);

// Fields paired with the 'other' text shown under their list.
const OTHER_TEXT_OF: Partial<Record<ProfileFieldName, ProfileFieldName>> = {
  career_stage: 'career_stage_extra',
  professional_field: 'professional_field_extra',
  reason_to_join: 'reason_to_join_extra',
};
const OTHER_TEXTS = new Set(Object.values(OTHER_TEXT_OF));

const TEXT_FIELDS: Partial<Record<ProfileFieldName, { autoComplete?: string; multiline?: boolean; type?: string }>> = {
  first_name: { autoComplete: 'given-name' },
  last_name: { autoComplete: 'family-name' },
  title: { autoComplete: 'organization-title' },
  location: { autoComplete: 'address-level2' },
  prefered_language: {},
  discipline: {},
  calendy_url: { type: 'url' },
  specific_needs: { multiline: true },
  batch: { type: 'text' },
  uni_batch: { type: 'text' },
  ...Object.fromEntries(SOCIAL_LINK_FIELDS.map((link) => [link.name, { type: 'url' }])),
};

const FULL_WIDTH: ReadonlySet<ProfileFieldName> = new Set<ProfileFieldName>([
  'short_bio',
  'career_story',
  'career_advice',
  'additional_career_information',
  'skills',
  'topics',
  'reason_to_join',
  'interested_services',
  'specific_needs',
  'institution',
]);

/**
 * The profile form's fields for a react-hook-form form made with useProfileForm: each requested
 * field that shows (site rules, job_function for current role 3, the 'other' texts), laid out in
 * two columns from sm. A high-school student's career stage is set to 1 and locked; changing the
 * career stage clears the reasons to join when the site maps reasons to stages.
 */
export default function ProfileFields({
  control,
  setValue,
  fields,
  ctx,
  institutionOptions,
  institutionLabel,
  disabled,
}: ProfileFieldsProps) {
  const options = useOptionsConfig();
  const values = useWatch({ control }) as Partial<ProfileFormValues>;
  const { errors } = useFormState({ control });
  const highSchool = values.current_role === HIGH_SCHOOL_ROLE;

  const renderField = (name: ProfileFieldName) => {
    const label = PROFILE_FIELD_LABELS[name];
    const required = REQUIRED.has(name);
    const other = OTHER_TEXT_OF[name];
    const otherShown = other && fields.includes(other) && isFieldShown(other, values, ctx) ? other : undefined;

    return (
      <Controller
        key={name}
        control={control}
        name={name}
        render={({ field, fieldState }) => {
          const common = {
            label,
            required,
            disabled,
            error: Boolean(fieldState.error),
            helperText: fieldState.error?.message,
            name,
            onBlur: field.onBlur,
          };
          const otherText = otherShown
            ? {
                label: PROFILE_FIELD_LABELS[otherShown],
                name: otherShown,
                value: (values[otherShown] as string | undefined) ?? '',
                onChange: (text: string) => setValue(otherShown, text, { shouldValidate: true, shouldDirty: true }),
                error: Boolean(errors[otherShown]),
                helperText: errors[otherShown]?.message,
              }
            : undefined;
          switch (name) {
            case 'country':
            case 'country_of_origin':
              return <CountrySelect {...common} value={(field.value as string) ?? ''} onChange={field.onChange} />;
            case 'institution':
              return (
                <InstitutionPicker
                  {...common}
                  label={institutionLabel ?? label}
                  options={institutionOptions}
                  value={field.value as InstitutionValue | null}
                  onChange={field.onChange}
                />
              );
            case 'skills':
            case 'topics':
              return (
                <TopicTagPicker
                  {...common}
                  topicType={name === 'skills' ? 'skill' : 'general'}
                  placeholder={name === 'skills' ? 'Search skills' : 'Search topics'}
                  value={(field.value as ProfileFormValues['skills']) ?? []}
                  onChange={field.onChange}
                  max={LIMITS[name]}
                />
              );
            case 'short_bio':
            case 'career_story':
            case 'additional_career_information':
            case 'career_advice':
              return (
                <RichTextEditor
                  {...common}
                  value={(field.value as string) ?? ''}
                  onChange={field.onChange}
                  maxWords={
                    name === 'additional_career_information'
                      ? LIMITS.additionalWords
                      : name === 'career_advice'
                        ? undefined
                        : LIMITS.bioWords
                  }
                />
              );
            case 'current_role':
              return (
                <OptionSelect
                  {...common}
                  options={options.current_roles}
                  value={field.value as number | null}
                  onChange={(role) => {
                    field.onChange(role);
                    if (role === HIGH_SCHOOL_ROLE) setValue('career_stage', HIGH_SCHOOL_STAGE, { shouldValidate: true });
                  }}
                />
              );
            case 'job_function':
              return (
                <OptionSelect {...common} options={options.job_functions} value={field.value as number | null} onChange={field.onChange} />
              );
            case 'career_stage':
              return (
                <OptionSelect
                  {...common}
                  options={stagesForRole(options, values.current_role)}
                  value={field.value as number | null}
                  disabled={disabled || highSchool}
                  helperText={common.helperText ?? (highSchool ? 'High school students are at the first career stage' : undefined)}
                  onChange={(stage) => {
                    const next = withCareerStage(
                      {
                        career_stage: values.career_stage ?? null,
                        reason_to_join: values.reason_to_join ?? [],
                        reason_to_join_extra: values.reason_to_join_extra ?? '',
                      },
                      stage,
                      options,
                    );
                    field.onChange(next.career_stage);
                    setValue('reason_to_join', next.reason_to_join);
                    setValue('reason_to_join_extra', next.reason_to_join_extra);
                  }}
                  otherText={otherText}
                />
              );
            case 'professional_field':
              return (
                <OptionSelect
                  {...common}
                  options={options.professional_fields}
                  value={field.value as number | null}
                  onChange={field.onChange}
                  otherText={otherText}
                />
              );
            case 'reason_to_join':
              return (
                <OptionMultiSelect
                  {...common}
                  options={reasonsForStage(options, values.career_stage)}
                  value={(field.value as number[]) ?? []}
                  onChange={field.onChange}
                  otherText={otherText}
                />
              );
            case 'interested_services':
              return (
                <OptionMultiSelect
                  {...common}
                  options={options.interested_services}
                  value={(field.value as number[]) ?? []}
                  onChange={field.onChange}
                />
              );
            case 'college':
            case 'department':
              if ((name === 'college' ? options.colleges : options.departments).length > 0) {
                return (
                  <OptionSelect
                    {...common}
                    options={name === 'college' ? options.colleges : options.departments}
                    value={(field.value as string) || null}
                    onChange={(choice) => field.onChange(choice ?? '')}
                  />
                );
              }
              break;
            case 'affiliation':
              return (
                <TextField select fullWidth {...common} value={(field.value as string) ?? ''} onChange={field.onChange}>
                  {AFFILIATIONS.map((choice) => (
                    <MenuItem key={choice} value={choice}>
                      {choice}
                    </MenuItem>
                  ))}
                </TextField>
              );
            default:
              break;
          }
          const text = TEXT_FIELDS[name] ?? {};
          return (
            <TextField
              {...common}
              fullWidth
              value={(field.value as string) ?? ''}
              onChange={field.onChange}
              inputRef={field.ref}
              type={text.type ?? 'text'}
              multiline={text.multiline}
              minRows={text.multiline ? 3 : undefined}
              slotProps={{ htmlInput: { autoComplete: text.autoComplete } }}
            />
          );
        }}
      />
    );
  };

  return (
    <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
      {fields
        .filter((name) => !OTHER_TEXTS.has(name) && isFieldShown(name, values, ctx))
        .map((name) => (
          <Box key={name} sx={{ gridColumn: FULL_WIDTH.has(name) ? '1 / -1' : undefined, minWidth: 0 }}>
            {renderField(name)}
          </Box>
        ))}
    </Box>
  );
}

import { Alert, Button, Stack } from '@mui/material';
import { ApiError, fieldErrors } from '../../../lib/api/errors';
import type { Identity } from '../../../lib/auth/identity';
import { applyServerErrors } from '../../../lib/forms/serverErrors';
import { useUpdateProfile } from '../../../lib/profile/updateProfile';
import { institutionFromProfile } from '../../../lib/profile/institutions';
import ProfileFields from '../../../components/profileForm/ProfileFields';
import SocialLinksFields from '../../../components/profileForm/SocialLinksFields';
import { useProfileForm } from '../../../components/profileForm/useProfileForm';
import {
  shownFields,
  toProfileUpdate,
  type ProfileFormContext,
  type ProfileFormValues,
} from '../../../components/profileForm/profileSchema';
import { continueAction, type WizardStep } from '../steps';

export interface ProfileStepProps {
  step: WizardStep;
  ctx: ProfileFormContext;
  /** The current identity: the form starts from what is stored. */
  identity: Identity;
  /** Values typed earlier in this visit (kept when going back and forth). */
  draft: Partial<ProfileFormValues>;
  /** Saved (or, for an all-empty step that allows it, passed without saving). */
  onContinue: (values: ProfileFormValues) => void;
  /** null: no Back button. */
  onBack: ((values: ProfileFormValues) => void) | null;
  onSkip: () => void;
  /** The institution picker's label. */
  institutionLabel?: string;
}

const SAVE_FALLBACK = 'Could not update profile';

/** One form step of the wizard: its fields, Back, Skip (when skippable) and Continue, which saves. */
export default function ProfileStep({
  step,
  ctx,
  identity,
  draft,
  onContinue,
  onBack,
  onSkip,
  institutionLabel,
}: ProfileStepProps) {
  const { control, setValue, handleSubmit, setError, getValues, formState } = useProfileForm({
    fields: step.fields,
    ctx,
    identity,
    values: draft,
  });
  const save = useUpdateProfile('registration-flow');
  const stored = institutionFromProfile(identity.profile);
  const social = step.id === 'social';

  const onSubmit = handleSubmit(async (values) => {
    if (continueAction(step, values, ctx) === 'advance') {
      onContinue(values);
      return;
    }
    try {
      await save.mutateAsync(toProfileUpdate(step.fields, values, ctx));
      onContinue(values);
    } catch (error) {
      // A failure without an answer to show (no connection, a server fault) gets the spec's text.
      if (!(error instanceof ApiError) || error.isNetworkError || error.status >= 500) {
        setError('root.server', { type: 'server', message: SAVE_FALLBACK });
        return;
      }
      const shown = shownFields(step.fields, values, ctx);
      const message = applyServerErrors(error, setError, shown);
      const placed = Object.keys(fieldErrors(error.body)).some((key) => shown.includes(key as never));
      if (!message && !placed) setError('root.server', { type: 'server', message: SAVE_FALLBACK });
    }
  });

  const busy = formState.isSubmitting;
  const serverMessage = formState.errors.root?.server?.message;

  return (
    <Stack component="form" noValidate spacing={3} onSubmit={onSubmit} aria-label={step.title}>
      {serverMessage && (
        <Alert severity="error" role="alert">
          {serverMessage}
        </Alert>
      )}
      {social ? (
        <SocialLinksFields control={control} disabled={busy} />
      ) : (
        <ProfileFields
          control={control}
          setValue={setValue}
          fields={step.fields}
          ctx={ctx}
          institutionOptions={stored?.id ? [stored] : []}
          institutionLabel={institutionLabel}
          disabled={busy}
        />
      )}
      <Stack
        direction={{ xs: 'column-reverse', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, pt: 1 }}
      >
        <div>
          {onBack && (
            <Button onClick={() => onBack(getValues())} disabled={busy} fullWidth>
              Back
            </Button>
          )}
        </div>
        <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5}>
          {step.skippable && (
            <Button onClick={onSkip} disabled={busy}>
              Skip
            </Button>
          )}
          <Button type="submit" variant="contained" size="large" loading={busy} disabled={busy}>
            Continue
          </Button>
        </Stack>
      </Stack>
    </Stack>
  );
}

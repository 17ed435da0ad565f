import { Alert, Button, Stack } from '@mui/material';
import ProfileFields from '../../../../components/profileForm/ProfileFields';
import { useProfileForm } from '../../../../components/profileForm/useProfileForm';
import { CAREER_QUESTIONS, profileFormContext, shownFields, toProfileUpdate } from '../../../../components/profileForm/profileSchema';
import { ApiError } from '../../../../lib/api/errors';
import { useIdentity } from '../../../../lib/auth/identity';
import { useAppConfig } from '../../../../lib/config/appConfig';
import { applyServerErrors } from '../../../../lib/forms/serverErrors';
import { useUpdateProfile } from '../../../../lib/profile/updateProfile';

/** The career fields a visitor gives (spec 002 §4 "Career fields"); the extras show with 'other'. */
const FIELDS = CAREER_QUESTIONS;

const SAVE_FALLBACK = 'Could not update profile';

/**
 * Career Information for a visitor: current role, career stage, professional field and reasons
 * to join, saved on the new profile; then the agent's step itself is answered (`onSaved`).
 */
export default function CareerInfoStep({
  onSaved,
  onBack,
  busy: stepBusy,
  nextText,
}: {
  onSaved: () => void;
  onBack: (() => void) | null;
  busy: boolean;
  nextText: string;
}) {
  const { ui } = useAppConfig();
  const ctx = profileFormContext(ui);
  const { identity } = useIdentity();
  const { control, setValue, handleSubmit, setError, formState } = useProfileForm({ fields: FIELDS, ctx, identity });
  const save = useUpdateProfile('other');

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(toProfileUpdate(FIELDS, values, ctx));
      onSaved();
    } catch (error) {
      if (!(error instanceof ApiError) || error.isNetworkError || error.status >= 500) {
        setError('root.server', { type: 'server', message: SAVE_FALLBACK });
        return;
      }
      const message = applyServerErrors(error, setError, shownFields(FIELDS, values, ctx));
      if (message) setError('root.server', { type: 'server', message });
    }
  });
  const busy = formState.isSubmitting || stepBusy;
  const serverMessage = formState.errors.root?.server?.message;

  return (
    <Stack component="form" noValidate spacing={3} onSubmit={(e) => void onSubmit(e)} aria-label="Career Information">
      {serverMessage ? (
        <Alert severity="error" role="alert">
          {serverMessage}
        </Alert>
      ) : null}
      <ProfileFields control={control} setValue={setValue} fields={FIELDS} ctx={ctx} disabled={busy} />
      <Stack direction="row" spacing={1.5}>
        <Button variant="outlined" onClick={() => onBack?.()} disabled={!onBack || busy}>
          Back
        </Button>
        <Button type="submit" variant="contained" loading={busy} disabled={busy}>
          {nextText}
        </Button>
      </Stack>
    </Stack>
  );
}

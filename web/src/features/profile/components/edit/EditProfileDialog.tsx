import { useId, useMemo, useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, Tab, useMediaQuery, useTheme } from '@mui/material';
import ProfileTabs from '../ProfileTabs';
import type { FieldErrors } from 'react-hook-form';
import { useSnackbar } from '../../../../lib/snackbar';
import ProfileFields from '../../../../components/profileForm/ProfileFields';
import SocialLinksFields from '../../../../components/profileForm/SocialLinksFields';
import { useProfileForm } from '../../../../components/profileForm/useProfileForm';
import {
  profileFormContext,
  toProfileUpdate,
  type ProfileFormValues,
} from '../../../../components/profileForm/profileSchema';
import { institutionFromProfile } from '../../../../lib/profile/institutions';
import { useAppConfig } from '../../../../lib/config/appConfig';
import { useUpdateProfile } from '../../../../lib/profile/updateProfile';
import type { ProfilePage } from '../../api/types';
import type { EditSection } from '../../profileContext';
import { placeServerErrors } from '../../serverErrors';
import AccountSettings from '../account/AccountSettings';
import UploadFilesSection from './UploadFilesSection';
import { formSource, CAREER_FIELDS, EDITABLE_FIELDS, PERSONAL_FIELDS, SECTIONS, sectionOf } from './editSections';
import DialogHeader from '../../../../components/DialogHeader';

interface Props {
  profile: ProfilePage;
  initialSection: EditSection;
  onClose: () => void;
}

/**
 * The owner's edit dialog (spec 000 §2): Career Info, Personal Info and Social Links are one
 * form saved together; Upload Files and Account act at once.
 */
export default function EditProfileDialog({ profile, initialSection, onClose }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { enqueueSnackbar } = useSnackbar();
  const config = useAppConfig();
  const titleId = useId();
  const formId = useId();
  const [section, setSection] = useState<EditSection>(initialSection);
  // A section is built when first opened and then kept, so the dialog opens quickly.
  const [visited, setVisited] = useState<ReadonlySet<EditSection>>(() => new Set([initialSection]));
  const open = (next: EditSection) => {
    setSection(next);
    setVisited((seen) => (seen.has(next) ? seen : new Set([...seen, next])));
  };
  const ctx = useMemo(() => profileFormContext(config.ui), [config.ui]);
  const form = useProfileForm({ fields: EDITABLE_FIELDS, ctx, identity: formSource(profile) });
  const current = institutionFromProfile(profile.profile);
  const institutionOptions = current && current.id !== null ? [current] : [];
  const update = useUpdateProfile('other');
  const submitting = form.formState.isSubmitting;

  const showFirstError = (errors: FieldErrors<ProfileFormValues>) => {
    const first = EDITABLE_FIELDS.find((field) => errors[field]);
    const target = first ? sectionOf(first) : null;
    if (target) open(target);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(toProfileUpdate(EDITABLE_FIELDS, values, ctx));
      enqueueSnackbar('Successfully updated information', { variant: 'success' });
      onClose();
    } catch (error) {
      const { placed, message } = placeServerErrors(error, form.setError, EDITABLE_FIELDS);
      if (placed) showFirstError(form.formState.errors);
      enqueueSnackbar(message ?? 'Could not update profile', { variant: 'error' });
    }
  }, showFirstError);

  const close = () => {
    if (!submitting) onClose();
  };
  const panel = (id: EditSection) => ({
    role: 'tabpanel',
    id: `${formId}-${id}`,
    'aria-labelledby': `${formId}-${id}-tab`,
    hidden: section !== id,
  });

  return (
    <Dialog open onClose={close} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogHeader id={titleId} onClose={close}>
        Edit Profile
      </DialogHeader>
      <ProfileTabs value={section} onChange={(_event, value: EditSection) => open(value)} sx={{ px: { xs: 0, sm: 2 } }}>
        {SECTIONS.map((item) => (
          <Tab key={item.id} value={item.id} label={item.label} id={`${formId}-${item.id}-tab`} aria-controls={`${formId}-${item.id}`} />
        ))}
      </ProfileTabs>
      <DialogContent sx={{ pt: 3 }}>
        <form id={formId} noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
          <Box {...panel('career')} sx={{ pt: 1 }}>
            {visited.has('career') && (
              <ProfileFields
                control={form.control}
                setValue={form.setValue}
                fields={CAREER_FIELDS}
                ctx={ctx}
                institutionOptions={institutionOptions}
              />
            )}
          </Box>
          <Box {...panel('personal')} sx={{ pt: 1 }}>
            {visited.has('personal') && (
              <ProfileFields control={form.control} setValue={form.setValue} fields={PERSONAL_FIELDS} ctx={ctx} />
            )}
          </Box>
          <Box {...panel('social')} sx={{ pt: 1 }}>
            {visited.has('social') && <SocialLinksFields control={form.control} />}
          </Box>
        </form>
        <Box {...panel('uploads')}>{visited.has('uploads') && <UploadFilesSection profile={profile.profile} />}</Box>
        <Box {...panel('account')}>{visited.has('account') && <AccountSettings profile={profile} />}</Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={close} disabled={submitting}>
          Close
        </Button>
        <Button type="submit" form={formId} variant="contained" loading={submitting}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import { useId } from 'react';
import { Dialog, DialogContent, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import ImportProfileForm from '../../../components/profileForm/ImportProfileForm';
import { refreshAfterImport } from '../api/followImport';
import type { ProfilePage } from '../api/types';
import { fullName } from '../profileFormat';
import DialogHeader from '../../../components/DialogHeader';

interface Props {
  profile: ProfilePage;
  /** Staff importing another person's profile (sent with their user_id). */
  forOther: boolean;
  onClose: () => void;
}

/** Import Profile: update from a LinkedIn URL or a resume, then refetch once the import is written. */
export default function ImportProfileDialog({ profile, forOther, onClose }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const client = useQueryClient();
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogHeader id={titleId} onClose={onClose}>
        Import Profile
      </DialogHeader>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {forOther
            ? `Fill in ${fullName(profile)}'s profile from their LinkedIn page or resume.`
            : 'Fill in your profile from your LinkedIn page or your resume. Only the sections you tick are updated; new jobs, studies and skills are added to what you have.'}
        </Typography>
        <ImportProfileForm
          userId={forOther ? profile.id : undefined}
          onStarted={(started) => void refreshAfterImport(client, started)}
          onCancel={onClose}
        />
      </DialogContent>
    </Dialog>
  );
}

import { Stack, Typography } from '@mui/material';
import { useProfileContext } from '../profileContext';
import { hasText } from '../richText';
import RichText from '../../../components/RichText';
import ProfileSection from '../components/about/ProfileSection';
import BookingCard from '../components/about/BookingCard';
import OwnerPrompt from '../components/about/OwnerPrompt';

/** /profile/{slug}/career-advice: an influencer's "Learn from {name}" tab. */
export default function CareerAdvicePage() {
  const { profile, viewer, openEditor } = useProfileContext();
  const advice = profile.profile.career_advice;
  return (
    <Stack spacing={{ xs: 2, md: 3 }}>
      <ProfileSection title={`Learn from ${profile.first_name}`}>
        {hasText(advice) ? (
          <RichText html={advice} />
        ) : viewer.isOwner ? (
          <OwnerPrompt text="Share the advice you would give someone starting out." action="Add career advice" onClick={() => openEditor('career')} />
        ) : (
          <Typography color="text.secondary">{profile.first_name} has not shared any career advice yet.</Typography>
        )}
      </ProfileSection>
      {profile.profile.calendy_url && <BookingCard url={profile.profile.calendy_url} firstName={profile.first_name} />}
    </Stack>
  );
}

import type { ReactNode } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import LandingVideo from '../../../components/landing/LandingVideo';
import { useProfileContext } from '../profileContext';
import { hasText } from '../richText';
import RichText from '../../../components/RichText';
import ProfileSection from '../components/about/ProfileSection';
import OwnerPrompt from '../components/about/OwnerPrompt';
import TopicChips from '../components/about/TopicChips';
import SocialLinks from '../components/about/SocialLinks';
import BookingCard from '../components/about/BookingCard';
import FocusAreas from '../components/about/FocusAreas';
import ServicesSection from '../components/about/ServicesSection';
import { socialLinksOf, useFocusAreas } from '../components/about/aboutData';
import { DocumentIcon } from '../../../components/profileForm/formIcons';

/**
 * The About tab and the public read-only view (spec 000 §2 "Profile page"): bio, story,
 * video, career advice, services; the booking card, resume, focus areas, skills, topics and
 * social links alongside. The owner sees a prompt wherever something is still missing.
 */
export default function AboutPage() {
  const { profile, viewer, openEditor } = useProfileContext();
  const details = profile.profile;
  const owner = viewer.isOwner;
  const focus = useFocusAreas(profile);
  const social = socialLinksOf(details);
  const first = profile.first_name;

  const bio = hasText(details.short_bio);
  const story = hasText(details.career_story);
  // Influencers show their advice on the Learn from {name} tab.
  const advice = hasText(details.career_advice) && !profile.is_influencer;
  const skills = details.skills_detailed;
  const topics = details.topics_detailed;
  const nothingShared =
    !owner &&
    !bio &&
    !story &&
    !details.video &&
    !advice &&
    !details.resume &&
    !details.calendy_url &&
    focus.length === 0 &&
    skills.length === 0 &&
    topics.length === 0 &&
    social.length === 0;

  const editButton = (section: Parameters<typeof openEditor>[0], label: string) =>
    owner ? (
      <Button size="small" onClick={() => openEditor(section)} aria-label={label}>
        Edit
      </Button>
    ) : null;

  /** A section the owner fills in: its content with Edit once filled, else (to the owner only) a prompt to fill it. */
  const fillable = (
    title: string,
    section: Parameters<typeof openEditor>[0],
    labels: { edit: string; prompt: string; add: string },
    content: ReactNode,
  ) =>
    (content || owner) && (
      <ProfileSection title={title} action={content ? editButton(section, labels.edit) : null}>
        {content || <OwnerPrompt text={labels.prompt} action={labels.add} onClick={() => openEditor(section)} />}
      </ProfileSection>
    );

  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 2, md: 3 },
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      <Stack spacing={{ xs: 2, md: 3 }} sx={{ minWidth: 0 }}>
        {nothingShared && (
          <ProfileSection title="About">
            <Typography color="text.secondary">{first} has not shared any details yet.</Typography>
          </ProfileSection>
        )}
        {fillable(
          'About',
          'personal',
          { edit: 'Edit short bio', prompt: 'Tell people who you are in a short bio.', add: 'Add a short bio' },
          bio && <RichText html={details.short_bio!} />,
        )}
        {fillable(
          'Career Story',
          'personal',
          { edit: 'Edit career story', prompt: 'Share how your career has unfolded so far.', add: 'Add your career story' },
          story && <RichText html={details.career_story!} />,
        )}
        {fillable(
          'Video',
          'uploads',
          { edit: 'Change video', prompt: 'Introduce yourself with a short video.', add: 'Upload a video' },
          details.video && <LandingVideo url={details.video} />,
        )}
        {advice && (
          <ProfileSection title="Career Advice" action={editButton('career', 'Edit career advice')}>
            <RichText html={details.career_advice!} />
          </ProfileSection>
        )}
        <ServicesSection userId={profile.id} firstName={first} canEdit={owner} />
      </Stack>

      <Stack spacing={{ xs: 2, md: 3 }} sx={{ minWidth: 0 }}>
        {details.calendy_url && <BookingCard url={details.calendy_url} firstName={first} />}
        {(details.resume || owner) && (
          <ProfileSection title="Resume">
            {details.resume ? (
              <Button href={details.resume} target="_blank" rel="noopener noreferrer" variant="outlined" startIcon={<DocumentIcon />}>
                View resume
              </Button>
            ) : (
              <OwnerPrompt text="Add your resume so others can see your experience." action="Upload your resume" onClick={() => openEditor('uploads')} />
            )}
          </ProfileSection>
        )}
        {(focus.length > 0 || owner) && (
          <ProfileSection title="Career Focus Areas" action={focus.length ? editButton('career', 'Edit career focus areas') : null}>
            {focus.length ? (
              <FocusAreas rows={focus} />
            ) : (
              <OwnerPrompt text="Say where your career is and where it is heading." action="Add focus areas" onClick={() => openEditor('career')} />
            )}
          </ProfileSection>
        )}
        {(skills.length > 0 || owner) && (
          <ProfileSection title="Skills" action={editButton('career', 'Edit skills')}>
            <TopicChips items={skills} empty="No skills added yet." />
          </ProfileSection>
        )}
        {(topics.length > 0 || owner) && (
          <ProfileSection title="Topics of Interest" action={editButton('career', 'Edit topics of interest')}>
            <TopicChips items={topics} empty="No topics added yet." />
          </ProfileSection>
        )}
        {(social.length > 0 || owner) && (
          <ProfileSection title="Social Links" action={social.length ? editButton('social', 'Edit social links') : null}>
            {social.length ? (
              <SocialLinks links={social} />
            ) : (
              <OwnerPrompt text="Link your LinkedIn and other profiles." action="Add social links" onClick={() => openEditor('social')} />
            )}
          </ProfileSection>
        )}
      </Stack>
    </Box>
  );
}

import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import type { ProfilePage } from '../api/types';
import type { Viewer } from '../profileContext';
import { fullName } from '../profileFormat';
import ProfileAvatar from './ProfileAvatar';
import FollowButton from './FollowButton';
import StartChatButton from '../../../components/chat/StartChatButton';
import CompletionMeter from './CompletionMeter';
import { IconLine } from '../../../components/lists/cardParts';
import { LocationIcon, SchoolIcon, StarIcon, VerifiedIcon } from './icons';

/** The session key CareerGPS reads to run an agent for another user (spec 000 §6 "Staff"). */
export const BENEFICIARY_KEY = 'beneficiary_user';

function isCertifiedLeader(profile: ProfilePage): boolean {
  const details = profile.profile.leadership_certification_details;
  const hasDetails = Boolean(details && Object.keys(details).length > 0);
  return hasDetails || Boolean(profile.group_profile?.is_certified);
}

interface Props {
  profile: ProfilePage;
  viewer: Viewer;
  onEdit: () => void;
  onImport: () => void;
}

/** Picture, name, title, institution, location, badges and the actions this viewer may take. */
export default function ProfileHeader({ profile, viewer, onEdit, onImport }: Props) {
  const navigate = useNavigate();
  const name = fullName(profile);
  const details = profile.profile;
  const institution = details.institution_detailed?.name ?? details.institution_name;
  const place = [details.location, details.country].filter(Boolean).join(', ');
  const canImport = viewer.isOwner || viewer.isStaffVisitor;

  const runAgent = () => {
    try {
      sessionStorage.setItem(BENEFICIARY_KEY, String(profile.id));
    } catch {
      // storage unavailable: CareerGPS then runs for the viewer
    }
    void navigate('/careergps');
  };

  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
      <Box sx={{ height: { xs: 72, md: 110 }, bgcolor: 'primary.light' }} />
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={{ xs: 1.5, md: 3 }}
        sx={{ px: { xs: 2, md: 4 }, pb: { xs: 2.5, md: 3 }, alignItems: { md: 'flex-start' } }}
      >
        {/* Only the picture overlaps the cover band. */}
        <Box sx={{ flexShrink: 0, mt: { xs: -5.5, md: -7 } }}>
          <ProfileAvatar name={name} picture={details.picture} editable={viewer.isOwner} />
        </Box>
        <Box sx={{ flexGrow: 1, minWidth: 0, pt: { md: 2 } }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {name}
            </Typography>
            {isCertifiedLeader(profile) && (
              <Chip size="small" color="success" variant="outlined" icon={<VerifiedIcon />} label="Certified Leader" />
            )}
            {profile.is_influencer && <Chip size="small" color="primary" icon={<StarIcon />} label="Influencer" />}
          </Stack>
          {details.title && (
            <Typography sx={{ mt: 0.5, fontWeight: 500, overflowWrap: 'anywhere' }}>{details.title}</Typography>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 2 }} sx={{ mt: 0.75, color: 'text.secondary' }}>
            {institution && (
              <IconLine icon={<SchoolIcon fontSize="small" />} noWrap>
                {institution}
              </IconLine>
            )}
            {place && (
              <IconLine icon={<LocationIcon fontSize="small" />} noWrap>
                {place}
              </IconLine>
            )}
          </Stack>
          {(profile.followers_count !== undefined || profile.following_count !== undefined) && (
            <Typography variant="body2" sx={{ mt: 0.75, color: 'text.secondary' }}>
              <strong>{profile.followers_count ?? 0}</strong> followers · <strong>{profile.following_count ?? 0}</strong>{' '}
              following
            </Typography>
          )}
          {viewer.isOwner && (
            <Box sx={{ mt: 1.5 }}>
              <CompletionMeter percent={details.completion_percent} />
            </Box>
          )}
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', flexShrink: 0, pt: { md: 2 } }}>
          {viewer.isOwner && (
            <Button variant="contained" onClick={onEdit}>
              Edit Profile
            </Button>
          )}
          {canImport && (
            <Button variant="outlined" onClick={onImport}>
              Import Profile
            </Button>
          )}
          {!viewer.isOwner && !profile.is_influencer && (
            <FollowButton
              userId={profile.id}
              slug={details.name_slug}
              name={name}
              followed={profile.followed}
              signedIn={viewer.signedIn}
            />
          )}
          {viewer.signedIn && !viewer.isOwner && (
            <StartChatButton
              userId={profile.id}
              canInitiate={Boolean(viewer.identity?.user_subscription?.one_to_one_chat)}
            />
          )}
          {viewer.isStaffVisitor && (
            <Button variant="outlined" color="secondary" onClick={runAgent}>
              Run Agent
            </Button>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

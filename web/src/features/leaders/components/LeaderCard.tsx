import { Avatar, Box, Button, Card, Chip, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { snippet } from '../../../components/lists/cardRules';
import { VerifiedIcon } from '../../../components/lists/listIcons';
import type { CircleLeader, NamedRef } from '../../../lib/discover/types';

/** Certification levels (spec 000 §9). */
const LEVELS: Record<number, string> = { 1: 'Basic', 2: 'Intermediate', 3: 'Advanced' };

/** Leader bios are cut at 500 characters (spec 002 §9). */
export const LEADER_BIO_LIMIT = 500;

function topicAreas(value: CircleLeader['topic_area_detailed']): NamedRef[] {
  if (!value) return [];
  return Array.isArray(value) ? value : [value];
}

/** A certified circle leader, linking to the profile and the profile's connections. */
export default function LeaderCard({ leader }: { leader: CircleLeader }) {
  const slug = encodeURIComponent(leader.name_slug);
  const bio = snippet(leader.short_bio, LEADER_BIO_LIMIT);
  const level = leader.certification_level ? LEVELS[leader.certification_level] : null;
  const areas = topicAreas(leader.topic_area_detailed);
  const circles = leader.no_of_circles_led ?? 0;
  return (
    <Card variant="outlined" component="article" sx={{ borderRadius: 2, height: '100%', p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Avatar src={leader.image ?? undefined} alt="" sx={{ width: 56, height: 56 }}>
          {leader.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Link
            component={RouterLink}
            to={`/profile/${slug}`}
            underline="hover"
            color="inherit"
            sx={{ fontWeight: 700, display: 'block', overflowWrap: 'anywhere' }}
          >
            <Typography component="h3" sx={{ fontWeight: 700 }}>
              {leader.name}
            </Typography>
          </Link>
          {leader.title && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {leader.title}
            </Typography>
          )}
        </Box>
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }}>
        <Chip icon={<VerifiedIcon />} label="Certified Leader" size="small" color="primary" />
        {level && <Chip label={level} size="small" variant="outlined" />}
        {areas.map((area) => (
          <Chip key={area.id} label={area.name} size="small" variant="outlined" />
        ))}
      </Stack>
      {bio && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {bio}
        </Typography>
      )}
      <Box sx={{ flexGrow: 1 }} />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary">
          {circles === 1 ? '1 circle led' : `${circles} circles led`}
        </Typography>
        <Button component={RouterLink} to={`/profile/${slug}/connections`} size="small">
          View connections
        </Button>
      </Stack>
    </Card>
  );
}

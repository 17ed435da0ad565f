import { Box, Chip, Stack, Typography } from '@mui/material';
import FavouriteButton from '../reactions/FavouriteButton';
import type { Group } from '../../lib/discover/types';
import {
  commitmentLabel,
  firstOf,
  formatDate,
  groupCountries,
  groupPath,
  lifecycleLabel,
  moreLabel,
  priceLabel,
  snippet,
} from './cardRules';
import { ChipRow, CountriesLine, IconLine, LinkCard } from './cardParts';
import { ScheduleIcon } from './listIcons';

interface Props {
  group: Group;
  /** 2 on circle and event cards, 4 where there is room. */
  maxCountries?: 2 | 4;
}

/** A circle or event in a list (spec 001 §5 "Card display rules"), linking to its page, with its favourite button. */
export default function GroupCard({ group, maxCountries = 2 }: Props) {
  const topics = firstOf(group.topics_detailed, 2);
  const countries = firstOf(groupCountries(group), maxCountries);
  const status = lifecycleLabel(group);
  const commitment = group.group_type === 'circle' ? commitmentLabel(group.commitment_time) : null;
  const start = formatDate(group.start_date);
  const end = formatDate(group.end_date);
  const image = group.cover_image || group.logo;
  const about = snippet(group.description, 200);

  return (
    <LinkCard
      to={groupPath(group)}
      corner={<FavouriteButton kind="group" item={{ id: group.id, name: group.name, is_bookmarked: group.is_bookmarked ?? false }} size="small" />}
      cornerSx={{ bgcolor: 'background.paper', borderRadius: '50%' }}
    >
      <Box
        sx={{
          height: 120,
          bgcolor: 'primary.light',
          backgroundImage: image ? `url("${image}")` : undefined,
          backgroundSize: 'cover',
          backgroundPosition: 'center',
          position: 'relative',
        }}
      >
        {status && (
          <Chip
            label={status}
            size="small"
            sx={{ position: 'absolute', top: 8, left: 8, bgcolor: 'background.paper', fontWeight: 600 }}
          />
        )}
      </Box>
      <Stack spacing={1} sx={{ p: 2, flexGrow: 1 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
          {group.name}
        </Typography>
        {(start || end) && (
          <Typography variant="body2" color="text.secondary">
            {start && end ? `${start} – ${end}` : (start ?? end)}
          </Typography>
        )}
        {about && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {about}
          </Typography>
        )}
        <ChipRow label="Topics" items={topics.items} more={moreLabel(topics.more)} />
        <CountriesLine items={countries.items} more={moreLabel(countries.more)} />
        <Box sx={{ flexGrow: 1 }} />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography sx={{ fontWeight: 700 }} color="primary">
            {priceLabel(group)}
          </Typography>
          {commitment && (
            <IconLine icon={<ScheduleIcon fontSize="small" color="action" />}>{commitment}</IconLine>
          )}
        </Stack>
      </Stack>
    </LinkCard>
  );
}

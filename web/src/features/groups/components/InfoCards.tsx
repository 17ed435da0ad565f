import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useOptionsConfig } from '../../../lib/profile/optionsConfig';
import { formatPrice } from '../../../lib/groups/rules';
import type { Group } from '../../../lib/groups/types';
import RichText from '../../../components/RichText';
import SectionCard from '../../../components/SectionCard';

function Chips({ items }: { items: { key: string | number; label: string; icon?: string | null }[] }) {
  return (
    <Stack direction="row" useFlexGap spacing={1} component="ul" sx={{ flexWrap: 'wrap', listStyle: 'none', m: 0, p: 0 }}>
      {items.map((item) => (
        <li key={item.key}>
          <Chip
            size="small"
            label={item.label}
            avatar={item.icon ? <Box component="img" src={item.icon} alt="" /> : undefined}
          />
        </li>
      ))}
    </Stack>
  );
}

/** Description, objective and member requirements (the ones that have text). */
export function TextCards({ group }: { group: Group }) {
  const cards = [
    { title: 'Description', html: group.description },
    { title: 'Objective', html: group.objective },
    { title: 'Member Requirements', html: group.member_requirements },
  ].filter((card) => card.html);
  if (cards.length === 0) {
    return (
      <SectionCard title="Description">
        <Typography color="text.secondary">No description yet.</Typography>
      </SectionCard>
    );
  }
  return (
    <Stack spacing={2}>
      {cards.map((card) => (
        <SectionCard key={card.title} title={card.title}>
          <RichText html={card.html ?? ''} />
        </SectionCard>
      ))}
    </Stack>
  );
}

/** Topics, career stages, fields of interest, SDGs and countries, each when set. */
export function SideCards({ group }: { group: Group }) {
  const options = useOptionsConfig();
  const labelOf = (list: { value: number | string; label: string }[], value: string) =>
    list.find((option) => String(option.value) === value)?.label ?? value;
  const countries = group.countries?.length ? group.countries : group.country ? [group.country] : [];
  const cards = [
    { title: 'Topics', items: group.topics_detailed.map((topic) => ({ key: topic.id, label: topic.name })) },
    {
      title: 'Career Stages',
      items: group.career_stages.map((stage) => ({ key: stage, label: labelOf(options.career_stages, stage) })),
    },
    {
      title: 'Field of Interest',
      items: group.professional_fields.map((field) => ({ key: field, label: labelOf(options.professional_fields, field) })),
    },
    {
      title: 'Sustainable Development Goals',
      items: group.relevant_sdgs_detailed.map((sdg) => ({ key: sdg.id, label: sdg.name, icon: sdg.logo })),
    },
    { title: 'Countries', items: countries.map((country) => ({ key: country, label: country })) },
  ].filter((card) => card.items.length > 0);
  return (
    <Stack spacing={2}>
      {cards.map((card) => (
        <SectionCard key={card.title} title={card.title}>
          <Chips items={card.items} />
        </SectionCard>
      ))}
    </Stack>
  );
}

const FEATURES_SHOWN = 3;

/** The price of a paid group, its discount and features (3 before 'Show more features'). */
export function PriceCard({ group }: { group: Group }) {
  const [all, setAll] = useState(false);
  if (!group.is_paid) return null;
  const price = formatPrice(group.price);
  const features = group.paid_features ?? [];
  const shown = all ? features : features.slice(0, FEATURES_SHOWN);
  return (
    <SectionCard title="Price">
      <Typography variant="h5" sx={{ fontWeight: 700 }}>
        {price ? `${price} USD` : 'Free'}
      </Typography>
      {group.discount ? (
        <Typography variant="body2" color="success.main">
          {group.discount}% discount
        </Typography>
      ) : null}
      {shown.length > 0 && (
        <Box component="ul" sx={{ pl: 2.5, mb: 0 }}>
          {shown.map((feature) => (
            <li key={feature}>
              <Typography variant="body2">{feature}</Typography>
            </li>
          ))}
        </Box>
      )}
      {features.length > FEATURES_SHOWN && (
        <Button size="small" onClick={() => setAll((value) => !value)}>
          {all ? 'Show less features' : 'Show more features'}
        </Button>
      )}
    </SectionCard>
  );
}

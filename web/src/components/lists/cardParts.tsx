// Pieces of the list cards (spec 001 §5 "Card display rules"): a row of chips with '+N more',
// and a line of text after a small icon (the countries, the schedule).
import type { ReactNode } from 'react';
import { Chip, Stack, Typography } from '@mui/material';
import { PlaceIcon } from './listIcons';

/** The first few of a list as outlined chips, then the '+N more' chip. */
export function ChipRow({ label, items, more }: { label: string; items: readonly { id: number; name: string }[]; more: string | null }) {
  if (items.length === 0) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }} aria-label={label}>
      {items.map((item) => (
        <Chip key={item.id} label={item.name} size="small" variant="outlined" />
      ))}
      {more && <Chip label={more} size="small" />}
    </Stack>
  );
}

/** A small icon and a line of secondary text. */
export function IconLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      {icon}
      <Typography variant="body2" color="text.secondary">
        {children}
      </Typography>
    </Stack>
  );
}

/** The first countries, then '+N more'. */
export function CountriesLine({ items, more }: { items: readonly string[]; more: string | null }) {
  if (items.length === 0) return null;
  return (
    <IconLine icon={<PlaceIcon fontSize="small" color="action" />}>
      {items.join(', ')}
      {more ? ` ${more}` : ''}
    </IconLine>
  );
}

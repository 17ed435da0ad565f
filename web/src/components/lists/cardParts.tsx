// Pieces of the list cards (spec 001 §5 "Card display rules"): a row of chips with '+N more',
// a line of text after a small icon (the countries, the schedule), and the card's link.
import type { ReactNode } from 'react';
import { Box, Card, CardActionArea, Chip, Stack, Typography, type SxProps, type Theme } from '@mui/material';
import { Link as RouterLink } from 'react-router';
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

/** A small icon and a line of secondary text; with `noWrap`, one line cut with an ellipsis (the colour then comes from around it). */
export function IconLine({ icon, noWrap = false, children }: { icon: ReactNode; noWrap?: boolean; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: noWrap ? 0 : undefined }}>
      {icon}
      <Typography variant="body2" color={noWrap ? undefined : 'text.secondary'} noWrap={noWrap}>
        {children}
      </Typography>
    </Stack>
  );
}

/**
 * A list card: the whole card links to `to`; `corner` (a favourite or bookmark button) sits in
 * the top right corner outside the link, since a button may not sit inside a link and it has
 * its own tab stop.
 */
export function LinkCard({ to, corner, cornerSx, children }: { to: string; corner: ReactNode; cornerSx?: SxProps<Theme>; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ borderRadius: 2, height: '100%', position: 'relative' }}>
      <CardActionArea
        component={RouterLink}
        to={to}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }}
      >
        {children}
      </CardActionArea>
      <Box sx={[{ position: 'absolute', top: 6, right: 6 }, ...(Array.isArray(cornerSx) ? cornerSx : [cornerSx])]}>{corner}</Box>
    </Card>
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

// The admin tables' filters (spec 002 §2): 3 visible under 600 px, 7 otherwise; the rest
// behind 'More filters'.
import { Children, useId, useState, type ReactNode } from 'react';
import { Box, Button, useMediaQuery } from '@mui/material';
import { NARROW_QUERY, visibleFilters } from '../adminRules';

export default function AdminFilterBar({ children, label = 'Filters' }: { children: ReactNode; label?: string }) {
  const narrow = useMediaQuery(NARROW_QUERY, { noSsr: true });
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const items = Children.toArray(children);
  const visible = visibleFilters(narrow);
  const folding = items.length > visible;
  const shown = folding && !expanded ? items.slice(0, visible) : items;
  return (
    <Box sx={{ mb: 2 }}>
      <Box
        role="search"
        aria-label={label}
        id={id}
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(3, minmax(0, 1fr))',
            lg: 'repeat(4, minmax(0, 1fr))',
          },
        }}
      >
        {shown}
      </Box>
      {folding && (
        <Button size="small" onClick={() => setExpanded((open) => !open)} aria-expanded={expanded} aria-controls={id} sx={{ mt: 1 }}>
          {expanded ? 'Fewer filters' : `More filters (${items.length - visible})`}
        </Button>
      )}
    </Box>
  );
}

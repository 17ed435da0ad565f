import { useId, useState, type ReactNode } from 'react';
import { Box, Button } from '@mui/material';

interface Props {
  /** The fields, in order. */
  items: readonly ReactNode[];
  label: string;
  /** Whether the fields past `visible` fold behind 'More filters'. */
  folding: boolean;
  /** How many fields show while folded. */
  visible: number;
}

/**
 * Filter fields in a search landmark, in a grid: one column on phones, then two, three, and
 * four from large screens; when folding, the first few and a 'More filters' toggle.
 */
export default function FoldingFilters({ items, label, folding, visible }: Props) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
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

import { Children, useId, useState, type ReactNode } from 'react';
import { Box, Button, useMediaQuery, useTheme } from '@mui/material';

interface Props {
  children: ReactNode;
  label?: string;
  /** How many of the fields phones show before 'More filters'. */
  phoneVisible?: number;
}

/**
 * The search box and filters of a list page, in a grid: one column on phones, then two,
 * three, and four from large screens. Phones show the first few and a 'More filters' toggle.
 */
export default function FilterBar({ children, label = 'Filters', phoneVisible = 3 }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [expanded, setExpanded] = useState(false);
  const restId = useId();
  const items = Children.toArray(children);
  // Folding away a single field saves little: fold only two or more.
  const folding = phone && items.length - phoneVisible >= 2;
  const shown = folding && !expanded ? items.slice(0, phoneVisible) : items;
  return (
    <Box sx={{ mb: 2 }}>
      <Box
        role="search"
        aria-label={label}
        id={restId}
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
        <Button
          size="small"
          onClick={() => setExpanded((open) => !open)}
          aria-expanded={expanded}
          aria-controls={restId}
          sx={{ mt: 1 }}
        >
          {expanded ? 'Fewer filters' : `More filters (${items.length - phoneVisible})`}
        </Button>
      )}
    </Box>
  );
}

import { Children, type ReactNode } from 'react';
import { useMediaQuery, useTheme } from '@mui/material';
import FoldingFilters from './FoldingFilters';

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
  const items = Children.toArray(children);
  // Folding away a single field saves little: fold only two or more.
  const folding = phone && items.length - phoneVisible >= 2;
  return <FoldingFilters items={items} label={label} folding={folding} visible={phoneVisible} />;
}

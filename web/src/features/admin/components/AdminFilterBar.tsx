// The admin tables' filters (spec 002 §2): 3 visible under 600 px, 7 otherwise; the rest
// behind 'More filters'.
import { Children, type ReactNode } from 'react';
import { useMediaQuery } from '@mui/material';
import FoldingFilters from '../../../components/lists/FoldingFilters';
import { NARROW_QUERY, visibleFilters } from '../adminRules';

export default function AdminFilterBar({ children, label = 'Filters' }: { children: ReactNode; label?: string }) {
  const narrow = useMediaQuery(NARROW_QUERY, { noSsr: true });
  const items = Children.toArray(children);
  const visible = visibleFilters(narrow);
  return <FoldingFilters items={items} label={label} folding={items.length > visible} visible={visible} />;
}

import { useDeferredValue, useId, type Key, type ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { visuallyHidden } from '../visuallyHidden';
import { cardGrid } from './layout';
import ListPagination from './ListPagination';
import { CardGridSkeleton, ListError } from './ListStates';

interface PageOfItems<T> {
  data: T[];
  pagination: { count: number };
}

/** The parts of a list query's state the results read. */
export interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  isPlaceholderData: boolean;
  data: PageOfItems<T> | undefined;
  refetch: () => unknown;
}

interface Props<T> {
  query: ListQuery<T>;
  /** The grid's accessible name, and the text of the (unseen) heading the grid sits under. */
  label: string;
  /** Shown when the page has no items. */
  empty: ReactNode;
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => Key;
  /** A last cell after the items (e.g. the Request Circle card). */
  trailing?: ReactNode;
  pageSize: number;
  page: number;
  onPageChange: (page: number) => void;
  skeletonHeight?: number;
}

/** A list page's results: loading cards, the error with Retry, the empty state, or the card grid and its pages. */
export default function CardGridResults<T>({
  query,
  label,
  empty,
  renderItem,
  itemKey,
  trailing,
  pageSize,
  page,
  onPageChange,
  skeletonHeight,
}: Props<T>) {
  // The cards render in a background render that gives the main thread back every few
  // milliseconds (a page of MUI cards is the longest task of a list's first load); until it is
  // done, the loading cards stay (issue 30).
  const data = useDeferredValue(query.data);
  const headingId = useId();
  if (query.isPending || (query.data && !data)) return <CardGridSkeleton count={6} height={skeletonHeight} />;
  if (query.isError || !data) return <ListError onRetry={() => void query.refetch()} />;
  if (data.data.length === 0) return <>{empty}</>;
  return (
    <>
      {/* The cards' titles are h3s: this h2 keeps the page's headings in order under its h1. */}
      <Typography component="h2" id={headingId} sx={visuallyHidden}>
        {label}
      </Typography>
      <Box component="ul" sx={cardGrid} aria-labelledby={headingId} aria-busy={query.isPlaceholderData || data !== query.data}>
        {data.data.map((item) => (
          <li key={itemKey(item)}>{renderItem(item)}</li>
        ))}
        {trailing && <li>{trailing}</li>}
      </Box>
      <ListPagination count={data.pagination.count} pageSize={pageSize} page={page} onChange={onPageChange} />
    </>
  );
}

import type { Key, ReactNode } from 'react';
import { Box } from '@mui/material';
import { cardGrid } from './layout';
import ListPagination from './ListPagination';
import { CardGridSkeleton, ListError } from './ListStates';

interface PageOfItems<T> {
  data: T[];
  pagination: { count: number };
}

/** The parts of a list query's state the results read. */
interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  isPlaceholderData: boolean;
  data: PageOfItems<T> | undefined;
  refetch: () => unknown;
}

interface Props<T> {
  query: ListQuery<T>;
  /** The grid's accessible name. */
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
  if (query.isPending) return <CardGridSkeleton count={6} height={skeletonHeight} />;
  if (query.isError || !query.data) return <ListError onRetry={() => void query.refetch()} />;
  if (query.data.data.length === 0) return <>{empty}</>;
  return (
    <>
      <Box component="ul" sx={cardGrid} aria-label={label} aria-busy={query.isPlaceholderData}>
        {query.data.data.map((item) => (
          <li key={itemKey(item)}>{renderItem(item)}</li>
        ))}
        {trailing && <li>{trailing}</li>}
      </Box>
      <ListPagination count={query.data.pagination.count} pageSize={pageSize} page={page} onChange={onPageChange} />
    </>
  );
}

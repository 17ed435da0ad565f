import type { ReactNode } from 'react';
import { Alert, Box, Button, Pagination, Typography } from '@mui/material';
import type { useContents } from '../api/contents';
import type { Content } from '../api/types';

interface Props {
  /** GET /contents/ for this page. */
  query: ReturnType<typeof useContents>;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** Shown while the page loads. */
  loading: ReactNode;
  /** 'Could not load the posts.' and the like. */
  errorText: string;
  emptyText: string;
  /** The page's items. */
  children: (items: Content[]) => ReactNode;
}

/** A page of a content list: loading, the error with Retry, the empty text, the items, and the pages below. */
export default function ContentPages({ query, page, pageSize, onPage, loading, errorText, emptyText, children }: Props) {
  const count = query.data?.pagination.count ?? 0;
  return (
    <>
      {query.isPending && loading}
      {query.isError && (
        <Alert severity="error" action={<Button onClick={() => void query.refetch()}>Retry</Button>}>
          {errorText}
        </Alert>
      )}
      {query.data && count === 0 && <Typography color="text.secondary">{emptyText}</Typography>}
      {children(query.data?.data ?? [])}
      {count > pageSize && (
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <Pagination count={Math.ceil(count / pageSize)} page={page} onChange={(_, p) => onPage(p)} />
        </Box>
      )}
    </>
  );
}

// The parts a group's and a job's applicants tables share (spec 001 §2, §4): the loading / error / empty states, the row's name cell and answers toggle,
// the opened row and the pagination.
import type { ReactNode } from 'react';
import {
  Avatar,
  Box,
  IconButton,
  Link,
  Skeleton,
  Stack,
  TableCell,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { CollapseIcon, ExpandIcon } from '../icons';
import { ListError } from '../lists/ListStates';

/** Loading, could not load (with Retry) and no rows. */
export function States({
  query,
  rowCount,
  errorMessage,
  emptyMessage,
}: {
  /** The applicants' query: loading, failed (with Retry), or answered with `rowCount` rows. */
  query: { isPending: boolean; isError: boolean; data: unknown; refetch: () => unknown };
  rowCount: number;
  errorMessage: string;
  emptyMessage: string;
}) {
  return (
    <>
      {query.isPending && (
        <Stack spacing={1} sx={{ p: 2 }} aria-label="Loading applicants">
          <Skeleton variant="rounded" height={40} />
          <Skeleton variant="rounded" height={40} />
        </Stack>
      )}
      {query.isError && (
        <Box sx={{ p: 2 }}>
          <ListError message={errorMessage} onRetry={() => void query.refetch()} />
        </Box>
      )}
      {Boolean(query.data) && rowCount === 0 && (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {emptyMessage}
        </Typography>
      )}
    </>
  );
}

/** Opens or closes the row's answers. */
export function AnswersToggle({
  name,
  expanded,
  onToggle,
  iconSize,
}: {
  name: string;
  expanded: boolean;
  onToggle: () => void;
  iconSize?: 'small' | 'medium';
}) {
  return (
    <TableCell padding="checkbox">
      <IconButton size="small" aria-label={`${expanded ? 'Hide' : 'Show'} answers of ${name}`} aria-expanded={expanded} onClick={onToggle}>
        {expanded ? <CollapseIcon fontSize={iconSize} /> : <ExpandIcon fontSize={iconSize} />}
      </IconButton>
    </TableCell>
  );
}

/** The applicant's picture and name (a link to the profile when there is one), and `below` it. */
export function NameCell({
  name,
  slug,
  image,
  below,
}: {
  name: string;
  slug?: string | null;
  image?: string | null;
  below?: ReactNode;
}) {
  const link = slug ? (
    <Link component={RouterLink} to={`/profile/${encodeURIComponent(slug)}`}>
      {name}
    </Link>
  ) : (
    <span>{name}</span>
  );
  return (
    <TableCell sx={{ overflowWrap: 'anywhere' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Avatar src={image ?? undefined} alt="" sx={{ width: 28, height: 28, display: { xs: 'none', sm: 'flex' } }} />
        {below ? (
          <Box>
            {link}
            {below}
          </Box>
        ) : (
          link
        )}
      </Stack>
    </TableCell>
  );
}

/** The opened row under an applicant: the answers across the table. */
export function AnswersRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={columns} sx={{ bgcolor: 'action.hover' }}>
        {children}
      </TableCell>
    </TableRow>
  );
}

/** Pages of `pageSize`, shown only when there is more than one. */
export function Pagination({
  count,
  page,
  pageSize,
  onPage,
}: {
  count: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  if (count <= pageSize) return null;
  return (
    <TablePagination
      component="div"
      count={count}
      page={page - 1}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[pageSize]}
      onPageChange={(_event, next) => onPage(next + 1)}
    />
  );
}

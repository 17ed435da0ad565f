import { Link, Paper, Skeleton, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../../components/lists/cardRules';
import ListPage from '../../../components/lists/ListPage';
import ListPagination from '../../../components/lists/ListPagination';
import { EmptyState, ListError } from '../../../components/lists/ListStates';
import { useListParams } from '../../../components/lists/useListParams';
import { FAVOURITES_PAGE_SIZE, useFavouriteJobs } from '../api/bookmarks';
import BookmarkButton from '../components/BookmarkButton';
import { isExpired, jobLocationLabel, jobPath, jobTypeLabel, visibleCloseDate } from '../jobRules';

/** Columns a phone leaves out (375 px): the table keeps the job, its deadline and the toggle. */
const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;

/**
 * /favorites/jobs (spec 002 §2 "Favourites"): the jobs the member bookmarked, most recent first,
 * in a table of 10 a page with the page in the address; each row links to the job and can be
 * removed from the favourites. Empty: 'No favorite jobs found.'
 */
export default function FavoriteJobsPage() {
  const { page, setPage } = useListParams();
  const favourites = useFavouriteJobs(page);
  const rows = favourites.data?.data ?? [];

  return (
    <ListPage title="Favorite Jobs" subtitle="The jobs you bookmarked.">
      {favourites.isPending && (
        <Stack spacing={1} aria-busy="true" aria-label="Loading">
          <Skeleton variant="rounded" height={48} />
          <Skeleton variant="rounded" height={48} />
          <Skeleton variant="rounded" height={48} />
        </Stack>
      )}
      {favourites.isError && <ListError message="Could not fetch favorite jobs" onRetry={() => void favourites.refetch()} />}
      {favourites.data && rows.length === 0 && <EmptyState title="No favorite jobs found." />}
      {rows.length > 0 && (
        <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 2 }}>
          <Table aria-label="Favorite jobs" size="small">
            <TableHead>
              <TableRow>
                <TableCell>Job</TableCell>
                <TableCell sx={WIDE_ONLY}>Organization</TableCell>
                <TableCell sx={WIDE_ONLY}>Type</TableCell>
                <TableCell>Apply by</TableCell>
                <TableCell align="right">
                  <Typography component="span" sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>
                    Favourite
                  </Typography>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((job) => {
                const closes = visibleCloseDate(job);
                return (
                  <TableRow key={job.id} hover>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      <Link component={RouterLink} to={jobPath(job)} sx={{ fontWeight: 600 }}>
                        {job.title}
                      </Link>
                      {isExpired(job) && (
                        <Typography component="span" color="error" variant="body2" sx={{ ml: 0.5 }}>
                          (Expired)
                        </Typography>
                      )}
                      <Typography variant="body2" color="text.secondary" sx={{ display: { md: 'none' } }}>
                        {job.group.name}
                      </Typography>
                    </TableCell>
                    <TableCell sx={WIDE_ONLY}>{job.group.name}</TableCell>
                    <TableCell sx={WIDE_ONLY}>{[jobTypeLabel(job.job_type), jobLocationLabel(job.job_location)].filter(Boolean).join(' · ')}</TableCell>
                    <TableCell>{closes ? formatDate(closes) : 'N/A'}</TableCell>
                    <TableCell align="right" sx={{ width: 56 }}>
                      <BookmarkButton job={job} size="small" />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ListPagination count={favourites.data?.pagination.count ?? 0} pageSize={FAVOURITES_PAGE_SIZE} page={page} onChange={setPage} />
    </ListPage>
  );
}

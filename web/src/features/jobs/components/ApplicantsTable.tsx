import { Fragment, useState } from 'react';
import {
  Avatar,
  Box,
  Button,
  Checkbox,
  IconButton,
  Link,
  Paper,
  Skeleton,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from '../../../lib/snackbar';
import { Link as RouterLink } from 'react-router';
import { ListError } from '../../../components/lists/ListStates';
import { useDebouncedValue } from '../../../components/profileForm/useDebouncedValue';
import { isSafeFileUrl } from '../../../lib/groups/applicants';
import { SEARCH_DEBOUNCE_MS, searchText } from '../../../lib/profile/topics';
import { downloadApplicantsCsv, reviewApplicants, useApplications, useRefreshJobs } from '../api/jobs';
import { jobQuestions, type ApplicationStatus, type Job, type JobApplicant } from '../api/types';
import { APPLICANTS_PAGE_SIZE, APPLICATION_STATUSES, applicationLabel } from '../jobRules';
import { answerLines, reviewMessage, type ReviewAction } from '../applicants';

const TAB_LABELS: Record<ApplicationStatus, string> = { pending: 'Pending', accepted: 'Accepted', rejected: 'Rejected' };

function ExpandIcon({ open }: { open: boolean }) {
  return (
    <Box component="svg" viewBox="0 0 24 24" sx={{ width: 20, height: 20, fill: 'currentColor' }} aria-hidden>
      <path d={open ? 'M12 8l-6 6 1.41 1.41L12 10.83l4.59 4.58L18 14z' : 'M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z'} />
    </Box>
  );
}

function Answers({ applicant, job }: { applicant: JobApplicant; job: Job }) {
  const lines = answerLines(applicant, jobQuestions(job));
  const resume = applicant.resume && isSafeFileUrl(applicant.resume) ? applicant.resume : null;
  return (
    <Stack spacing={1}>
      {lines.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No answers.
        </Typography>
      ) : (
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, 1fr) 3fr' }, gap: 1 }}>
          {lines.map((line) => (
            <Fragment key={line.key}>
              <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
                {line.label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                {line.value}
              </Typography>
            </Fragment>
          ))}
        </Box>
      )}
      {resume && (
        <Link href={resume} target="_blank" rel="noopener noreferrer" variant="body2">
          Open resume of {applicant.name}
        </Link>
      )}
    </Stack>
  );
}

/**
 * The job's applicants (spec 001 §2, §4, §6): Pending, Accepted and Rejected tabs with counts, a
 * search (2 characters, 500 ms), rows that open to show the answers and the resume, accept or
 * reject one pending applicant or every selected one, and the CSV export of the tab.
 */
export default function ApplicantsTable({ job }: { job: Job }) {
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefreshJobs();
  const [status, setStatus] = useState<ApplicationStatus>('pending');
  const [input, setInput] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Set<number>>(new Set());
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [downloading, setDownloading] = useState(false);
  const search = useDebouncedValue(searchText(input), SEARCH_DEBOUNCE_MS);
  const applicants = useApplications(job.id, { status, page, page_size: APPLICANTS_PAGE_SIZE, search });
  const rows = applicants.data?.data ?? [];
  const counts: Record<ApplicationStatus, number> = {
    pending: job.pending_members_count ?? 0,
    accepted: job.accepted_members_count ?? 0,
    rejected: job.rejected_members_count ?? 0,
  };
  const pending = status === 'pending';

  const review = useMutation({
    mutationFn: ({ ids, action }: { ids: number[]; action: ReviewAction }) =>
      reviewApplicants(job.id, ids, action === 'accept' ? 'accepted' : 'rejected'),
    meta: { silent: true },
    onSuccess: async (_answer, { ids, action }) => {
      enqueueSnackbar(reviewMessage(action, ids.length, true), { variant: 'success' });
      setSelected(new Set());
      await refresh();
    },
    onError: async (_error, { ids, action }) => {
      enqueueSnackbar(reviewMessage(action, ids.length, false), { variant: 'error' });
      await refresh();
    },
  });

  const changeFilter = (apply: () => void) => {
    apply();
    setPage(1);
    setOpen(new Set());
    setSelected(new Set());
  };
  const toggle = (set: Set<number>, id: number) => {
    const next = new Set(set);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  };
  const download = async () => {
    setDownloading(true);
    try {
      await downloadApplicantsCsv(job.id, `${job.slug}-applicants-${status}.csv`, status);
    } catch {
      enqueueSnackbar('Could not download job applicants', { variant: 'error' });
    } finally {
      setDownloading(false);
    }
  };
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const columns = pending ? 4 : 3;

  return (
    <Paper variant="outlined" component="section" aria-label="Applicants" sx={{ borderRadius: 3 }}>
      <Stack direction="row" sx={{ px: 2, pt: 2, alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          Applicants
        </Typography>
        <Button variant="outlined" onClick={() => void download()} loading={downloading}>
          Download CSV
        </Button>
      </Stack>
      <Tabs
        value={status}
        onChange={(_event, next: ApplicationStatus) => changeFilter(() => setStatus(next))}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Applicant status"
        sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        {APPLICATION_STATUSES.map((item) => (
          <Tab key={item} value={item} label={`${TAB_LABELS[item]} (${counts[item]})`} />
        ))}
      </Tabs>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ p: 2, alignItems: { sm: 'center' } }}>
        <TextField
          label="Search applicants"
          type="search"
          size="small"
          value={input}
          onChange={(event) => changeFilter(() => setInput(event.target.value))}
          helperText="At least 2 characters"
          sx={{ flex: 1 }}
        />
        {pending && (
          <Stack direction="row" spacing={1}>
            <Button
              variant="contained"
              disabled={selected.size === 0}
              loading={review.isPending}
              onClick={() => review.mutate({ ids: [...selected], action: 'accept' })}
            >
              Accept selected
            </Button>
            <Button variant="outlined" color="error" disabled={selected.size === 0 || review.isPending} onClick={() => review.mutate({ ids: [...selected], action: 'reject' })}>
              Reject selected
            </Button>
          </Stack>
        )}
      </Stack>
      {applicants.isPending && (
        <Stack spacing={1} sx={{ p: 2 }} aria-label="Loading applicants">
          <Skeleton variant="rounded" height={40} />
          <Skeleton variant="rounded" height={40} />
        </Stack>
      )}
      {applicants.isError && (
        <Box sx={{ p: 2 }}>
          <ListError message="Could not fetch applicants" onRetry={() => void applicants.refetch()} />
        </Box>
      )}
      {applicants.data && rows.length === 0 && (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {search ? 'No applicants match this search.' : `No ${status} applicants.`}
        </Typography>
      )}
      {rows.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label="Applicants table">
            <TableHead>
              <TableRow>
                {pending && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={allSelected}
                      indeterminate={selected.size > 0 && !allSelected}
                      onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((row) => row.id)))}
                      slotProps={{ input: { 'aria-label': 'Select all applicants on this page' } }}
                    />
                  </TableCell>
                )}
                <TableCell padding="checkbox" />
                <TableCell>Name</TableCell>
                <TableCell align="right">{pending ? 'Actions' : 'Status'}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((applicant) => {
                const expanded = open.has(applicant.id);
                return (
                  <Fragment key={applicant.id}>
                    <TableRow hover selected={selected.has(applicant.id)}>
                      {pending && (
                        <TableCell padding="checkbox">
                          <Checkbox
                            checked={selected.has(applicant.id)}
                            onChange={() => setSelected((current) => toggle(current, applicant.id))}
                            slotProps={{ input: { 'aria-label': `Select ${applicant.name}` } }}
                          />
                        </TableCell>
                      )}
                      <TableCell padding="checkbox">
                        <IconButton
                          size="small"
                          aria-label={`${expanded ? 'Hide' : 'Show'} answers of ${applicant.name}`}
                          aria-expanded={expanded}
                          onClick={() => setOpen((current) => toggle(current, applicant.id))}
                        >
                          <ExpandIcon open={expanded} />
                        </IconButton>
                      </TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                          <Avatar src={applicant.image ?? undefined} alt="" sx={{ width: 28, height: 28, display: { xs: 'none', sm: 'flex' } }} />
                          <Box>
                            {applicant.name_slug ? (
                              <Link component={RouterLink} to={`/profile/${encodeURIComponent(applicant.name_slug)}`}>
                                {applicant.name}
                              </Link>
                            ) : (
                              <span>{applicant.name}</span>
                            )}
                            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                              {applicant.email}
                            </Typography>
                          </Box>
                        </Stack>
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {pending ? (
                          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={0.5} sx={{ justifyContent: 'flex-end', alignItems: 'flex-end' }}>
                            <Button
                              size="small"
                              variant="contained"
                              disabled={review.isPending}
                              onClick={() => review.mutate({ ids: [applicant.id], action: 'accept' })}
                              aria-label={`Accept ${applicant.name}`}
                            >
                              Accept
                            </Button>
                            <Button
                              size="small"
                              color="error"
                              disabled={review.isPending}
                              onClick={() => review.mutate({ ids: [applicant.id], action: 'reject' })}
                              aria-label={`Reject ${applicant.name}`}
                            >
                              Reject
                            </Button>
                          </Stack>
                        ) : (
                          applicationLabel(applicant.status)
                        )}
                      </TableCell>
                    </TableRow>
                    {expanded && (
                      <TableRow>
                        <TableCell colSpan={columns} sx={{ bgcolor: 'action.hover' }}>
                          <Answers applicant={applicant} job={job} />
                        </TableCell>
                      </TableRow>
                    )}
                  </Fragment>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {(applicants.data?.pagination.count ?? 0) > APPLICANTS_PAGE_SIZE && (
        <TablePagination
          component="div"
          count={applicants.data?.pagination.count ?? 0}
          page={page - 1}
          rowsPerPage={APPLICANTS_PAGE_SIZE}
          rowsPerPageOptions={[APPLICANTS_PAGE_SIZE]}
          onPageChange={(_event, next) => {
            setPage(next + 1);
            setSelected(new Set());
          }}
        />
      )}
    </Paper>
  );
}

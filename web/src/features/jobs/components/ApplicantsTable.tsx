import { Fragment, useState } from 'react';
import {
  Box,
  Button,
  Checkbox,
  Link,
  Paper,
  Stack,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import DataTable from '../../../components/DataTable';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from '../../../lib/snackbar';
import * as Applicants from '../../../components/applicants/ApplicantsParts';
import StatusTabs from '../../../components/lists/StatusTabs';
import { toggled, useApplicantsView } from '../../../components/applicants/useApplicantsView';
import { isSafeFileUrl } from '../../../lib/groups/applicants';
import { downloadApplicantsCsv, reviewApplicants, useApplications, useRefreshJobs } from '../api/jobs';
import { jobQuestions, type ApplicationStatus, type Job, type JobApplicant } from '../api/types';
import { APPLICANTS_PAGE_SIZE, APPLICATION_STATUSES, applicationLabel } from '../jobRules';
import { answerLines, reviewMessage, type ReviewAction } from '../applicants';

const TAB_LABELS: Record<ApplicationStatus, string> = { pending: 'Pending', accepted: 'Accepted', rejected: 'Rejected' };

/** A pending applicant's own buttons. */
const REVIEW_BUTTONS: { action: ReviewAction; label: string; variant?: 'contained'; color?: 'error' }[] = [
  { action: 'accept', label: 'Accept', variant: 'contained' },
  { action: 'reject', label: 'Reject', color: 'error' },
];

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
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const { status, setStatus, input, setInput, search, page, setPage, open, toggleOpen, changeFilter } = useApplicantsView<ApplicationStatus>(
    'pending',
    () => setSelected(new Set()),
  );
  const [downloading, setDownloading] = useState(false);
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
      <StatusTabs
        ariaLabel="Applicant status"
        value={status}
        statuses={APPLICATION_STATUSES}
        label={(item) => `${TAB_LABELS[item]} (${counts[item]})`}
        onChange={(next) => changeFilter(() => setStatus(next))}
      />
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
      <Applicants.States
        query={applicants}
        rowCount={rows.length}
        errorMessage="Could not fetch applicants"
        emptyMessage={search ? 'No applicants match this search.' : `No ${status} applicants.`}
      />
      {rows.length > 0 && (
        <DataTable
          label="Applicants table"
          size="small"
          head={
            <>
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
            </>
          }
        >
          {rows.map((applicant) => {
            const expanded = open.has(applicant.id);
            return (
              <Fragment key={applicant.id}>
                <TableRow hover selected={selected.has(applicant.id)}>
                  {pending && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selected.has(applicant.id)}
                        onChange={() => setSelected((current) => toggled(current, applicant.id))}
                        slotProps={{ input: { 'aria-label': `Select ${applicant.name}` } }}
                      />
                    </TableCell>
                  )}
                  <Applicants.AnswersToggle name={applicant.name} expanded={expanded} onToggle={() => toggleOpen(applicant.id)} iconSize="small" />
                  <Applicants.NameCell
                    name={applicant.name}
                    slug={applicant.name_slug}
                    image={applicant.image}
                    below={
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                        {applicant.email}
                      </Typography>
                    }
                  />
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {pending ? (
                      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={0.5} sx={{ justifyContent: 'flex-end', alignItems: 'flex-end' }}>
                        {REVIEW_BUTTONS.map(({ action, label, ...look }) => (
                          <Button
                            key={action}
                            size="small"
                            {...look}
                            disabled={review.isPending}
                            onClick={() => review.mutate({ ids: [applicant.id], action })}
                            aria-label={`${label} ${applicant.name}`}
                          >
                            {label}
                          </Button>
                        ))}
                      </Stack>
                    ) : (
                      applicationLabel(applicant.status)
                    )}
                  </TableCell>
                </TableRow>
                {expanded && (
                  <Applicants.AnswersRow columns={columns}>
                    <Answers applicant={applicant} job={job} />
                  </Applicants.AnswersRow>
                )}
              </Fragment>
            );
          })}
        </DataTable>
      )}
      <Applicants.Pagination
        count={applicants.data?.pagination.count ?? 0}
        page={page}
        pageSize={APPLICANTS_PAGE_SIZE}
        onPage={(next) => {
          setPage(next);
          setSelected(new Set());
        }}
      />
    </Paper>
  );
}

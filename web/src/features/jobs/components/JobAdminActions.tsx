import { useState } from 'react';
import { Button } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from '../../../lib/snackbar';
import { Link as RouterLink, useNavigate } from 'react-router';
import ConfirmDialog from '../../../components/ConfirmDialog';
import { serverMessage } from '../../../lib/groups/messages';
import { deleteJob, updateJob, useRefreshJobs } from '../api/jobs';
import type { Job } from '../api/types';

/**
 * What a job's administrators do from its page (spec 001 §4, §6): edit it and its questions,
 * publish a draft or turn a published job back into a draft, delete it after a confirmation.
 */
export default function JobAdminActions({ job }: { job: Job }) {
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const refresh = useRefreshJobs();
  const [confirming, setConfirming] = useState(false);
  const published = job.job_status === 'approved';

  const publish = useMutation({
    mutationFn: () => updateJob(job.id, { job_status: published ? 'pending' : 'approved' }),
    meta: { silent: true },
    onSuccess: async () => {
      enqueueSnackbar(published ? 'Job moved back to draft' : 'Job published', { variant: 'success' });
      await refresh();
    },
    onError: (error) => enqueueSnackbar(serverMessage(error) ?? 'Could not update job', { variant: 'error' }),
  });

  const remove = useMutation({
    mutationFn: () => deleteJob(job.id),
    meta: { silent: true },
    onSuccess: async () => {
      enqueueSnackbar('Job deleted', { variant: 'success' });
      setConfirming(false);
      await navigate('/jobs', { replace: true });
      await refresh();
    },
    onError: (error) => enqueueSnackbar(serverMessage(error) ?? 'Could not delete job', { variant: 'error' }),
  });

  return (
    <>
      <Button variant={published ? 'outlined' : 'contained'} onClick={() => publish.mutate()} loading={publish.isPending}>
        {published ? 'Back to draft' : 'Publish'}
      </Button>
      <Button component={RouterLink} to={`/jobs/${job.id}/edit`} variant="outlined">
        Edit
      </Button>
      <Button component={RouterLink} to={`/jobs/${job.id}/questions`} variant="outlined">
        Edit questions
      </Button>
      <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
        Delete
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Delete job"
        message={`Delete ${job.title}? Its page and applications will no longer be shown.`}
        confirmLabel="Delete"
        pending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate()}
      />
    </>
  );
}

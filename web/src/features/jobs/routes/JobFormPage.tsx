import { useState, type ReactNode } from 'react';
import { Alert, Container, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ItemLoadError } from '../../../components/lists/ListStates';
import QuestionsEditor from '../../../components/questions/QuestionsEditor';
import { useGroup } from '../../../lib/discover/groups';
import { createJob, saveJobQuestions, updateJob, useJobById, useRefreshJobs } from '../api/jobs';
import { jobQuestions, type Job } from '../api/types';
import JobForm from '../components/JobForm';
import JobNotFound from '../components/JobNotFound';
import JobSkeleton from '../components/JobSkeleton';
import { emptyJobForm, jobFormValues, toJobPayload, type JobFormValues } from '../jobForm';
import { jobPath } from '../jobRules';

/** Whether this tab came to the form from another page of the app (the router keeps an index). */
function hasHistory(): boolean {
  return Boolean((window.history.state as { idx?: number } | null)?.idx);
}

function Page({ title, wide, children }: { title: string; wide?: boolean; children: ReactNode }) {
  return (
    <Container maxWidth={wide ? 'lg' : 'md'} sx={{ py: { xs: 2, md: 4 }, px: { xs: 1.5, sm: 3 } }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Container>
  );
}

/** The questions step and the questions page: the shared editor, saved into the job's extra_info. */
function JobQuestions({ job, skippable }: { job: Job; skippable?: boolean }) {
  const navigate = useNavigate();
  const refresh = useRefreshJobs();
  const save = async (questions: Parameters<typeof saveJobQuestions>[1]) => {
    await saveJobQuestions(job, questions);
    await refresh();
  };
  return (
    <QuestionsEditor
      initial={jobQuestions(job)}
      save={save}
      heading="Questions for applicants"
      skippable={skippable}
      onDone={() => void navigate(jobPath(job))}
    />
  );
}

/**
 * /jobs/new (?group=ID from an organization's Job Board): the full-screen form; a new job is a
 * draft, and the questions step follows before its page (where it is published).
 */
export function CreateJobPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefreshJobs();
  const [created, setCreated] = useState<Job | null>(null);
  const groupId = Number(params.get('group')) || null;
  const fixed = useGroup(groupId);

  if (created) {
    return (
      <Page title={`Questions for ${created.title}`} wide>
        <JobQuestions job={created} skippable />
      </Page>
    );
  }
  if (groupId !== null && fixed.isPending) return <JobSkeleton />;

  const submit = async (values: JobFormValues) => {
    const job = await createJob(toJobPayload(values, false));
    enqueueSnackbar('Successfully created job', { variant: 'success' });
    await refresh();
    setCreated(job);
  };
  return (
    <Page title="Create Job">
      <JobForm
        initial={emptyJobForm(fixed.data?.id ?? null)}
        editing={false}
        groupFixed={fixed.data ? { id: fixed.data.id, name: fixed.data.name } : null}
        submitLabel="Create"
        onSubmit={submit}
        onCancel={() => void (hasHistory() ? navigate(-1) : navigate('/jobs'))}
      />
    </Page>
  );
}

function useEditableJob() {
  const { id } = useParams();
  return useJobById(Number(id) || null);
}

/** The job's loading, missing and not-allowed states for the edit and questions pages. */
function EditableJob({ render }: { render: (job: Job) => ReactNode }) {
  const query = useEditableJob();
  if (query.isPending) return <JobSkeleton />;
  if (query.isError) {
    return <ItemLoadError error={query.error} notFound={<JobNotFound />} message="Could not fetch job" maxWidth="md" onRetry={() => void query.refetch()} />;
  }
  if (!query.data.is_administrator) {
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <Alert severity="error">You do not have permission to edit this job.</Alert>
      </Container>
    );
  }
  return <>{render(query.data)}</>;
}

function EditForm({ job }: { job: Job }) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefreshJobs();
  const submit = async (values: JobFormValues) => {
    const saved = await updateJob(job.id, toJobPayload(values, true));
    enqueueSnackbar('Successfully edited job', { variant: 'success' });
    await refresh();
    void navigate(jobPath(saved));
  };
  return (
    <Page title={`Edit ${job.title}`}>
      <JobForm initial={jobFormValues(job)} editing submitLabel="Save" onSubmit={submit} onCancel={() => void navigate(jobPath(job))} />
    </Page>
  );
}

/** /jobs/{id}/edit: the same form filled from the job, for its administrators. */
export function EditJobPage() {
  return <EditableJob render={(job) => <EditForm job={job} />} />;
}

/** /jobs/{id}/questions: the questions editor on its own, for the job's administrators. */
export function JobQuestionsPage() {
  return (
    <EditableJob
      render={(job) => (
        <Page title={`Questions for ${job.title}`} wide>
          <JobQuestions job={job} />
        </Page>
      )}
    />
  );
}

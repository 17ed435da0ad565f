import AdminItemTable from './AdminItemTable';
import { fetchJobs } from './api';
import { JOB_TABS } from './itemRules';
import { jobRow } from './rows';

/** /admin-dashboard/jobs: drafts and published jobs, newest first (spec 002 §2, §7 "Jobs list"). */
export default function AdminJobsPage() {
  return (
    <AdminItemTable
      title="Jobs"
      area="jobs"
      tabs={JOB_TABS}
      fetch={fetchJobs}
      toRow={jobRow}
      audit={{ entityType: 'job', name: (job) => job.title }}
      empty="No jobs found."
      chipsLabel="Skills"
    />
  );
}

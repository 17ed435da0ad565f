import { Button, Stack } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import CardGridResults from '../../../components/lists/CardGridResults';
import ListPage from '../../../components/lists/ListPage';
import { EmptyState } from '../../../components/lists/ListStates';
import ParamFilterBar from '../../../components/lists/ParamFilterBar';
import { COUNTRY_FILTER } from '../../../components/lists/countryFilter';
import { useProfileFilters, useTopicAreaFilter } from '../../../components/lists/filterOptions';
import { useListParams } from '../../../components/lists/useListParams';
import { useIdentity } from '../../../lib/auth/identity';
import { useDefaultGroup } from '../../../lib/discover/groups';
import { useJobsList } from '../api/jobs';
import JobCard from '../components/JobCard';
import { boardQuery, JOB_BOARD_PAGE_SIZE, JOB_LOCATIONS, JOB_TYPES, showCreateOnBoard } from '../jobRules';

const JOB_FILTERS = [
  { key: 'job_type', label: 'Job type', options: JOB_TYPES },
  { key: 'job_location', label: 'Job location', options: JOB_LOCATIONS },
];

/**
 * /jobs (spec 001 §2 "Job pages"): the heading, Create Job (hidden when the site's organization
 * exists and the user does not administer it), the filters in the address, nine job cards a
 * page, 'No jobs found'. Guests browse too; signed-in users get a link to their favourite jobs.
 */
export default function JobsPage() {
  const { params, page, setPage } = useListParams();
  const { signedIn } = useIdentity();
  const { careerStages, professionalFields } = useProfileFilters();
  const topicArea = useTopicAreaFilter();
  const defaultOrg = useDefaultGroup(signedIn);
  const jobs = useJobsList(boardQuery(params));
  const canCreate = signedIn && !defaultOrg.isPending && showCreateOnBoard(signedIn, defaultOrg.data);

  return (
    <ListPage
      title="Job Board"
      subtitle="Find a job, answer its questions and apply with your resume."
      actions={
        signedIn ? (
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Button component={RouterLink} to="/favorites/jobs" variant="outlined">
              Favorite Jobs
            </Button>
            {canCreate && (
              <Button component={RouterLink} to="/jobs/new" variant="contained">
                Create Job
              </Button>
            )}
          </Stack>
        ) : undefined
      }
    >
      <ParamFilterBar
        label="Job filters"
        searchLabel="Search jobs"
        filters={[careerStages, professionalFields, topicArea, COUNTRY_FILTER, ...JOB_FILTERS]}
      />
      <CardGridResults
        query={jobs}
        label="Jobs"
        empty={<EmptyState title="No jobs found" />}
        itemKey={(job) => job.id}
        renderItem={(job) => <JobCard job={job} />}
        pageSize={JOB_BOARD_PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        skeletonHeight={160}
      />
    </ListPage>
  );
}

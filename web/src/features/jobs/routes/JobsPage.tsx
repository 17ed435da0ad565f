import { Button, Stack } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import CardGridResults from '../../../components/lists/CardGridResults';
import FilterBar from '../../../components/lists/FilterBar';
import FilterSelect, { type FilterOption } from '../../../components/lists/FilterSelect';
import ListPage from '../../../components/lists/ListPage';
import { EmptyState } from '../../../components/lists/ListStates';
import SearchField from '../../../components/lists/SearchField';
import { useListParams } from '../../../components/lists/useListParams';
import { COUNTRY_CHOICES } from '../../../components/profileForm/countries';
import { useIdentity } from '../../../lib/auth/identity';
import { useDefaultGroup } from '../../../lib/discover/groups';
import { useTopicAreas } from '../../../lib/discover/topicAreas';
import { useOptionsConfig } from '../../../lib/profile/optionsConfig';
import { useJobsList } from '../api/jobs';
import JobCard from '../components/JobCard';
import { boardQuery, JOB_BOARD_PAGE_SIZE, JOB_LOCATIONS, JOB_TYPES, showCreateOnBoard } from '../jobRules';

const COUNTRY_OPTIONS = COUNTRY_CHOICES.map((choice) => ({ value: choice.name, label: choice.name }));

function asOptions(list: readonly { value: number | string; label: string }[]): FilterOption[] {
  return list.map((option) => ({ value: String(option.value), label: option.label }));
}

/**
 * /jobs (spec 001 §2 "Job pages"): the heading, Create Job (hidden when the site's organization
 * exists and the user does not administer it), the filters in the address, nine job cards a
 * page, 'No jobs found'. Guests browse too; signed-in users get a link to their favourite jobs.
 */
export default function JobsPage() {
  const { params, page, value, setFilter, setPage } = useListParams();
  const { signedIn } = useIdentity();
  const options = useOptionsConfig();
  const topicAreas = useTopicAreas();
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
      <FilterBar label="Job filters">
        <SearchField value={value('q')} onSearch={(text) => setFilter('q', text)} label="Search jobs" />
        <FilterSelect
          label="Career stage"
          options={asOptions(options.career_stages)}
          value={value('career_stages')}
          onChange={(next) => setFilter('career_stages', next)}
        />
        <FilterSelect
          label="Professional field"
          options={asOptions(options.professional_fields)}
          value={value('professional_fields')}
          onChange={(next) => setFilter('professional_fields', next)}
        />
        <FilterSelect
          label="Topic area"
          options={(topicAreas.data ?? []).map((area) => ({ value: String(area.id), label: area.name }))}
          value={value('topic_areas')}
          onChange={(next) => setFilter('topic_areas', next)}
        />
        <FilterSelect label="Country" options={COUNTRY_OPTIONS} value={value('countries')} onChange={(next) => setFilter('countries', next)} />
        <FilterSelect label="Job type" options={JOB_TYPES} value={value('job_type')} onChange={(next) => setFilter('job_type', next)} />
        <FilterSelect
          label="Job location"
          options={JOB_LOCATIONS}
          value={value('job_location')}
          onChange={(next) => setFilter('job_location', next)}
        />
      </FilterBar>
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

import { useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import CardGridResults from '../../../components/lists/CardGridResults';
import { EmptyState } from '../../../components/lists/ListStates';
import { isAdministrator } from '../../../lib/groups/rules';
import { useGroupContext } from '../../../lib/groups/groupContext';
import { useJobsList } from '../api/jobs';
import JobCard from '../components/JobCard';
import { ORG_JOBS_PAGE_SIZE } from '../jobRules';

/**
 * The organization's Job Board tab (spec 001 §2, §6, §9): its jobs, 12 a page (drafts too for
 * its administrators), and Create Job for administrators when the organization is certified
 * for them (group_profile.is_certified).
 */
export default function OrgJobsPage() {
  const { group, identity } = useGroupContext();
  const [page, setPage] = useState(1);
  const admin = isAdministrator(group);
  const jobs = useJobsList({ group_id: group.id, page, page_size: ORG_JOBS_PAGE_SIZE, view_all: admin || undefined });
  const canCreate = admin && Boolean(identity?.group_profile?.is_certified);
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          Job Board
        </Typography>
        {canCreate && (
          <Button component={RouterLink} to={`/jobs/new?group=${group.id}`} variant="contained">
            Create Job
          </Button>
        )}
      </Stack>
      <Box>
        <CardGridResults
          query={jobs}
          label={`Jobs of ${group.name}`}
          empty={<EmptyState title="No jobs found" />}
          itemKey={(job) => job.id}
          renderItem={(job) => <JobCard job={job} maxCountries={4} />}
          pageSize={ORG_JOBS_PAGE_SIZE}
          page={page}
          onPageChange={setPage}
          skeletonHeight={160}
        />
      </Box>
    </Stack>
  );
}

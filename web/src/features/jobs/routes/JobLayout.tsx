import { Box, Container, Tab, Tabs } from '@mui/material';
import { Link as RouterLink, Navigate, Outlet, useLocation, useParams } from 'react-router';
import { ItemLoadError } from '../../../components/lists/ListStates';
import { useIdentity } from '../../../lib/auth/identity';
import { useJobBySlug } from '../api/jobs';
import JobHero from '../components/JobHero';
import JobNotFound from '../components/JobNotFound';
import JobSkeleton from '../components/JobSkeleton';
import type { JobContext } from '../jobContext';
import { jobPath } from '../jobRules';

const ADMIN_TABS = [
  { path: '', label: 'Overview' },
  { path: 'people', label: 'Applicants' },
  { path: 'recommendation', label: 'Recommendations' },
] as const;

/** The part of the address after /job/{slug}/ ('' for the overview). */
function subPath(pathname: string): string {
  return pathname.replace(/\/+$/, '').split('/').slice(3).join('/');
}

/**
 * /job/{slug}/* (spec 001 §2): the heading, and for a signed-in job administrator the tabs
 * Overview, Applicants (people) and Recommendations (recommendation). Others get the overview
 * only; a missing job (or a draft the viewer may not see) shows the not-found message.
 */
export default function JobLayout() {
  const { slug = '' } = useParams();
  const { pathname } = useLocation();
  const query = useJobBySlug(slug);
  const { signedIn, isPending: identityPending } = useIdentity();

  if (query.isPending || identityPending) return <JobSkeleton />;
  if (query.isError) {
    return <ItemLoadError error={query.error} notFound={<JobNotFound />} message="Could not fetch job" onRetry={() => void query.refetch()} />;
  }
  const job = query.data;
  const base = jobPath(job);
  const tabs = signedIn && job.is_administrator ? ADMIN_TABS : [];
  const current = subPath(pathname);
  if (current && !tabs.some((tab) => tab.path === current)) return <Navigate to={base} replace />;
  const context: JobContext = { job, signedIn };
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 }, px: { xs: 1.5, sm: 3 } }}>
      <JobHero job={job} signedIn={signedIn} />
      {tabs.length > 0 && (
        <Box sx={{ borderBottom: 1, borderColor: 'divider', mt: 2 }}>
          <Tabs value={current} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile aria-label="Job sections">
            {tabs.map((tab) => (
              <Tab key={tab.path} value={tab.path} label={tab.label} component={RouterLink} to={tab.path ? `${base}/${tab.path}` : base} />
            ))}
          </Tabs>
        </Box>
      )}
      <Box sx={{ mt: { xs: 2, md: 3 } }}>
        <Outlet context={context} />
      </Box>
    </Container>
  );
}

import { Alert, Box, Button, Card, CardActions, CardContent, Chip, Pagination, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router';
import PageSpinner from '../../../components/PageSpinner';
import { useIdentity } from '../../../lib/auth/identity';
import { formatDate } from '../../../lib/groups/rules';
import { CAREERGPS_START, REPORTS_PAGE_SIZE, useReports } from '../api';
import ShareReportButton from '../components/ShareReportButton';
import SignInPrompt from '../components/SignInPrompt';

export const MSG_NO_REPORTS = 'No reports found. Take CareerGPS to view report.';

/** /careergps-reports: the caller's CareerGPS reports, 10 a page, each with Share (spec 002 §2). */
export default function ReportsPage() {
  const { signedIn } = useIdentity();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const reports = useReports(page, signedIn);

  if (!signedIn) return <SignInPrompt message="Sign in to see your CareerGPS reports." />;

  const count = reports.data?.pagination.count ?? 0;
  const pages = Math.ceil(count / REPORTS_PAGE_SIZE);

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 900, mx: 'auto' }}>
      <Typography component="h1" variant="h4" sx={{ fontSize: { xs: '1.6rem', sm: '2.1rem' }, mb: 2 }}>
        CareerGPS Reports
      </Typography>
      {reports.isPending ? <PageSpinner /> : null}
      {reports.isError ? <Alert severity="error">Could not load your reports.</Alert> : null}
      {reports.data && reports.data.data.length === 0 ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography>{MSG_NO_REPORTS}</Typography>
          <Button variant="contained" component={RouterLink} to={CAREERGPS_START}>
            Take CareerGPS
          </Button>
        </Stack>
      ) : null}
      <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {(reports.data?.data ?? []).map((report) => (
          <Card component="li" variant="outlined" key={report.id}>
            <CardContent>
              <Typography component="h2" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
                {report.title}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, mb: 1 }}>
                <Typography variant="body2" color="text.secondary">
                  {formatDate(report.created_at)}
                </Typography>
                {report.level ? <Chip size="small" label={report.level} /> : null}
                {report.is_public ? <Chip size="small" variant="outlined" label="Shared" /> : null}
              </Stack>
              <Typography variant="body2">{report.excerpt}</Typography>
            </CardContent>
            <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button component={RouterLink} to={`/careergps-report/${report.slug}`} aria-label={`View ${report.title}`}>
                View
              </Button>
              <ShareReportButton slug={report.slug} ariaLabel={`Share ${report.title}`} />
            </CardActions>
          </Card>
        ))}
      </Stack>
      {pages > 1 ? (
        <Pagination
          sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}
          count={pages}
          page={page}
          onChange={(_, next) => setParams(next > 1 ? { page: String(next) } : {})}
          siblingCount={0}
        />
      ) : null}
    </Box>
  );
}

import { Alert, Box, Button, Card, CardActions, CardContent, IconButton, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import PageSpinner from '../../../components/PageSpinner';
import { ArrowBackIcon } from '../../../components/icons';
import { ApiError, firstErrorMessage } from '../../../lib/api/errors';
import { useIdentity } from '../../../lib/auth/identity';
import { formatDate } from '../../../lib/groups/rules';
import { CAREERGPS_START, useReport } from '../api';
import DownloadReportButton from '../components/DownloadReportButton';
import ReportBodyView from '../components/ReportBodyView';
import ReportFeedbackBox from '../components/ReportFeedbackBox';
import ShareReportButton from '../components/ShareReportButton';

/** /careergps-report/{slug}: a report, with share and feedback for its owner (spec 002 §2 "Career report"). */
export default function ReportPage() {
  const { slug = '' } = useParams();
  const report = useReport(slug);
  const { signedIn } = useIdentity();
  const navigate = useNavigate();
  const location = useLocation();
  // A back arrow when the page was reached from another page of the app.
  const cameFromApp = location.key !== 'default';

  if (report.isPending) return <PageSpinner />;
  if (report.isError) {
    const missing = report.error instanceof ApiError && report.error.status === 404;
    const message = missing
      ? 'No report found'
      : report.error instanceof ApiError
        ? (firstErrorMessage(report.error.body) ?? report.error.message)
        : 'Could not load the report.';
    return (
      <Box sx={{ p: { xs: 2, sm: 3 } }}>
        <Alert severity={missing ? 'info' : 'error'}>{message}</Alert>
      </Box>
    );
  }
  const data = report.data;
  const created = formatDate(data.created_at);

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 900, mx: 'auto' }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'flex-start', flexWrap: 'wrap', mb: 2 }}>
        {cameFromApp ? (
          <IconButton aria-label="Back" onClick={() => void navigate(-1)}>
            <ArrowBackIcon />
          </IconButton>
        ) : null}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="h1" variant="h4" sx={{ fontSize: { xs: '1.6rem', sm: '2.1rem' }, overflowWrap: 'anywhere' }}>
            {data.agent_name} Report
          </Typography>
          {created ? (
            <Typography variant="body2" color="text.secondary">
              Created {created}
            </Typography>
          ) : null}
        </Box>
        {data.is_owner ? (
          <Stack direction="row" spacing={1}>
            <DownloadReportButton slug={data.slug} />
            <ShareReportButton slug={data.slug} ariaLabel="Share report" />
          </Stack>
        ) : null}
      </Stack>
      <ReportBodyView body={data.output_data} />
      {data.is_owner ? <ReportFeedbackBox report={data} /> : null}
      {!signedIn ? (
        <Card variant="outlined" sx={{ mt: 4 }}>
          <CardContent>
            <Typography component="h2" variant="h6">
              Discover Your Career Path
            </Typography>
          </CardContent>
          <CardActions>
            <Button variant="contained" component={RouterLink} to={CAREERGPS_START}>
              Try CareerGPS
            </Button>
          </CardActions>
        </Card>
      ) : null}
    </Box>
  );
}

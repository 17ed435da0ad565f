// Community analytics (issue 33): the site's trends over a chosen period, from the daily counts
// the server's job worker rolls up. The period is kept in the address (?weeks=N); the charts
// (recharts) load on demand with this page only; each has a text summary; the weeks download
// as CSV.
import { lazy, Suspense, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useSearchParams } from 'react-router';
import { downloadAnalyticsCsv, useAnalytics } from '../api/analytics';
import { csvFileName, isEmpty, PERIOD_WEEKS, periodFromParam, periodLabel } from './analyticsRules';

const AnalyticsCharts = lazy(() => import('./AnalyticsCharts'));

export const MSG_ANALYTICS_FAILED = 'Failed to fetch analytics';
export const MSG_ANALYTICS_EMPTY = 'Nothing happened on the site in this period yet.';
export const MSG_CSV_FAILED = 'Could not download the CSV. Try again.';

function ChartsSkeleton() {
  return (
    <Box
      aria-busy="true"
      aria-label="Loading charts"
      role="status"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}
    >
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} variant="rounded" height={320} />
      ))}
    </Box>
  );
}

export default function AnalyticsPage() {
  const [params, setParams] = useSearchParams();
  const weeks = periodFromParam(params.get('weeks'));
  const analytics = useAnalytics(weeks);
  const [downloading, setDownloading] = useState(false);
  const [csvFailed, setCsvFailed] = useState(false);
  const report = analytics.data;

  const choose = (next: number) => {
    const copy = new URLSearchParams(params);
    copy.set('weeks', String(next));
    setParams(copy, { replace: true });
  };

  const download = async () => {
    if (!report) return;
    setDownloading(true);
    setCsvFailed(false);
    try {
      await downloadAnalyticsCsv(weeks, csvFileName(report));
    } catch {
      setCsvFailed(true);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          Analytics
        </Typography>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <FormControl size="small" sx={{ minWidth: 160, flexGrow: { xs: 1, sm: 0 } }}>
            <InputLabel id="analytics-period-label">Period</InputLabel>
            <Select
              labelId="analytics-period-label"
              id="analytics-period"
              label="Period"
              value={weeks}
              onChange={(event) => choose(Number(event.target.value))}
            >
              {PERIOD_WEEKS.map((option) => (
                <MenuItem key={option} value={option}>
                  {periodLabel(option)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <Button variant="outlined" onClick={() => void download()} disabled={!report || downloading} sx={{ whiteSpace: 'nowrap' }}>
            {downloading ? 'Downloading…' : 'Download CSV'}
          </Button>
        </Stack>
      </Stack>
      {csvFailed && <Alert severity="error">{MSG_CSV_FAILED}</Alert>}
      {report && (
        <Typography variant="body2" color="text.secondary">
          {report.from} to {report.to} (UTC), by week starting on Monday.
          {report.rolled_up_at ? ` Counted at ${new Date(report.rolled_up_at).toLocaleString('en-GB', { timeZone: 'UTC' })} UTC.` : ' Not counted yet: the numbers appear within minutes.'}
        </Typography>
      )}
      {analytics.isError && !report && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void analytics.refetch()}>
              Retry
            </Button>
          }
        >
          {MSG_ANALYTICS_FAILED}
        </Alert>
      )}
      {analytics.isPending && <ChartsSkeleton />}
      {report && isEmpty(report) && <Alert severity="info">{MSG_ANALYTICS_EMPTY}</Alert>}
      {report && !isEmpty(report) && (
        <Suspense fallback={<ChartsSkeleton />}>
          <AnalyticsCharts report={report} />
        </Suspense>
      )}
    </Stack>
  );
}

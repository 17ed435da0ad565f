// The admin overview (spec 002 §2): total members, circles and jobs, and the to-do cards.
import { Box, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useAppConfig } from '../../../lib/config/appConfig';
import { useMetrics } from '../api/metrics';
import { cardGridSx, todos, type Metrics } from '../adminRules';
import TodoCards from '../components/TodoCards';
import MetricsState from '../components/MetricsState';

interface Total {
  label: string;
  count: number;
  to: string;
}

function totals(metrics: Metrics, orgSlug: string, showJobs: boolean): Total[] {
  const all = [
    { label: 'Total members', count: metrics.total_members, to: '/admin-dashboard/members' },
    { label: 'Total circles', count: metrics.total_circles, to: `/org/${orgSlug}/circles` },
    { label: 'Total jobs', count: metrics.total_jobs, to: '/admin-dashboard/jobs' },
  ];
  return showJobs ? all : all.filter((total) => total.label !== 'Total jobs');
}

export default function OverviewPage() {
  const config = useAppConfig();
  const metrics = useMetrics();
  const showJobs = config.ui.show_job_menu;
  return (
    <Stack spacing={4}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        Overview
      </Typography>
      <MetricsState isPending={metrics.isPending} isError={metrics.isError} onRetry={() => void metrics.refetch()} />
      {metrics.data && (
        <>
          <Box component="ul" aria-label="Totals" sx={cardGridSx}>
            {totals(metrics.data, config.organization.name_slug, showJobs).map((total) => (
              <li key={total.label}>
                <Card variant="outlined">
                  <CardActionArea component={RouterLink} to={total.to} aria-label={`${total.label}: ${total.count}`}>
                    <CardContent>
                      <Typography color="text.secondary">{total.label}</Typography>
                      <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
                        {total.count}
                      </Typography>
                    </CardContent>
                  </CardActionArea>
                </Card>
              </li>
            ))}
          </Box>
          <Box component="section" aria-labelledby="todo-heading">
            <Typography id="todo-heading" variant="h6" component="h2" sx={{ mb: 2, fontWeight: 700 }}>
              To do
            </Typography>
            <TodoCards items={todos(metrics.data, showJobs)} />
          </Box>
        </>
      )}
    </Stack>
  );
}

// The admin to-do list (spec 002 §2 "/todos"): what waits, each card to its pending tab.
import { Stack, Typography } from '@mui/material';
import { useAppConfig } from '../../../lib/config/appConfig';
import { useMetrics } from '../api/metrics';
import { todos } from '../adminRules';
import TodoCards from '../components/TodoCards';
import MetricsState from '../components/MetricsState';

export default function TodosPage() {
  const config = useAppConfig();
  const metrics = useMetrics();
  const items = metrics.data ? todos(metrics.data, config.ui.show_job_menu) : [];
  const total = items.reduce((sum, item) => sum + item.count, 0);
  return (
    <Stack spacing={3}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        Todos
      </Typography>
      <MetricsState isPending={metrics.isPending} isError={metrics.isError} onRetry={() => void metrics.refetch()} />
      {metrics.data && (
        <>
          <Typography color="text.secondary">{total === 0 ? 'Nothing waits for you.' : `${total} items wait for you.`}</Typography>
          <TodoCards items={items} />
        </>
      )}
    </Stack>
  );
}

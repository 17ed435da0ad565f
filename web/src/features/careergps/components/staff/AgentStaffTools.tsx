import { lazy, Suspense, useState } from 'react';
import { Button, Stack } from '@mui/material';
import { useIdentity } from '../../../../lib/auth/identity';
import { enqueueSnackbar } from '../../../../lib/snackbar';
import type { AgentView } from '../../api';
import { downloadAgentLog } from './api';

// The prompts editor opens from a button: it loads then, off the agent page's first screen.
const AgentPromptsDialog = lazy(() => import('./AgentPromptsDialog'));

/** Staff only (spec 002 §6): "Edit prompts" (a dialog) and "Download log" (the agent log as JSON). */
export default function AgentStaffTools({ agent }: { agent: AgentView }) {
  const { identity } = useIdentity();
  const [editing, setEditing] = useState(false);
  const [downloading, setDownloading] = useState(false);
  if (!identity?.is_staff) return null;

  const download = async () => {
    setDownloading(true);
    try {
      await downloadAgentLog(agent.id, agent.slug);
    } catch {
      enqueueSnackbar('Could not download the agent log.', { variant: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
      <Button variant="outlined" size="small" onClick={() => setEditing(true)}>
        Edit prompts
      </Button>
      <Button variant="outlined" size="small" onClick={() => void download()} disabled={downloading}>
        Download log
      </Button>
      {editing ? (
        <Suspense fallback={null}>
          <AgentPromptsDialog agent={agent} open onClose={() => setEditing(false)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}

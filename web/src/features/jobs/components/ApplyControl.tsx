import { Button, Chip, Stack } from '@mui/material';
import { useIsFetching } from '@tanstack/react-query';
import { useAddressIntent } from '../../../components/join/useAddressIntent';
import { useIdentity } from '../../../lib/auth/identity';
import { JOBS_KEY } from '../api/jobs';
import type { Job } from '../api/types';
import { applicationLabel, canApply, canUnapply, isExpired, notYetOpen } from '../jobRules';
import { useApplyFlow } from './useApplyFlow';

const CHIP_COLOURS: Record<string, 'info' | 'success' | 'default'> = { pending: 'info', accepted: 'success', rejected: 'default' };

/**
 * Apply, or the caller's application and Unapply while it is pending. Guests are sent to sign
 * in and come back applying (join=true). Drafts, closed and not-yet-open jobs say why there is
 * no Apply.
 */
export default function ApplyControl({ job }: { job: Job }) {
  const { signedIn, identity } = useIdentity();
  const hasResume = Boolean(identity?.profile.resume);
  const flow = useApplyFlow(job, signedIn, hasResume);
  const settled = useIsFetching({ queryKey: JOBS_KEY }) === 0;
  useAddressIntent('join', signedIn && settled && identity !== undefined, () => {
    if (canApply(job)) flow.start();
  });

  const status = job.status;
  if (status) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Chip color={CHIP_COLOURS[status] ?? 'default'} label={applicationLabel(status)} aria-label={`Application: ${applicationLabel(status)}`} />
        {canUnapply(job) && (
          <Button variant="outlined" onClick={flow.startUnapply} loading={flow.busy}>
            Unapply
          </Button>
        )}
        {flow.dialogs}
      </Stack>
    );
  }
  if (job.job_status !== 'approved') return null;
  if (isExpired(job)) return <Chip label="Applications closed" />;
  if (!canApply(job)) return <Chip label={notYetOpen(job) ? 'Applications not open yet' : 'Applications closed'} />;
  return (
    <>
      <Button variant="contained" onClick={flow.start} loading={flow.busy}>
        Apply
      </Button>
      {flow.dialogs}
    </>
  );
}

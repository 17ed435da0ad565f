import { lazy, Suspense, useState } from 'react';
import { Button, type ButtonProps } from '@mui/material';
import { latestApplication, useLeaderApplications } from '../../../lib/discover/leaders';

// Downloaded on the first click; it stays mounted afterwards so closing keeps its transition.
const LeaderApplicationDialog = lazy(() => import('./LeaderApplicationDialog'));

interface Props {
  label?: string;
  variant?: ButtonProps['variant'];
}

/**
 * Apply to lead a circle (registered members only). While the latest application is pending
 * the button reads 'Application under Review' and is disabled (spec 001 §6).
 */
export default function LeaderApplyButton({ label = 'Apply for a Circle Leader', variant = 'outlined' }: Props) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const applications = useLeaderApplications(true);
  const pending = latestApplication(applications.data)?.application_status === 'pending';
  return (
    <>
      <Button
        variant={variant}
        onClick={() => {
          setOpen(true);
          setOpened(true);
        }}
        disabled={pending || applications.isPending}
        loading={applications.isPending}
      >
        {pending ? 'Application under Review' : label}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <LeaderApplicationDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

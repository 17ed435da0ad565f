// The Admin tab's Google Classroom panel (spec 001 §6): for a group with a classroom id and an
// administrator with a certified profile. Connect Google (when the server's provider needs the
// administrator's consent), then sync the course's students, teachers and materials; a
// connected Google account can be disconnected again (after a confirmation).
import { useEffect, useState } from 'react';
import { Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import type { Group } from '../../../lib/groups/types';
import type { Identity } from '../../../lib/auth/identity';
import { useSnackbar } from '../../../lib/snackbar';
import ConfirmDialog from '../../../components/ConfirmDialog';
import {
  CLASSROOM_MESSAGES,
  useClassroomConsent,
  useDisconnectClassroom,
  useSyncClassroomMaterials,
  useSyncClassroomUsers,
  type ClassroomRole,
} from '../api/classroom';
import { showsClassroom } from './classroomAccess';

function Busy({ on }: { on: boolean }) {
  return on ? <CircularProgress size={16} color="inherit" aria-label="Syncing" /> : null;
}

export default function ClassroomPanel({ group, identity }: { group: Group; identity: Identity | undefined }) {
  const shown = showsClassroom(group, identity);
  const consent = useClassroomConsent(group.id, shown);
  const users = useSyncClassroomUsers(group.id);
  const materials = useSyncClassroomMaterials(group.id);
  const disconnect = useDisconnectClassroom();
  const [confirmingDisconnect, setConfirmingDisconnect] = useState(false);
  const { enqueueSnackbar } = useSnackbar();
  const [params, setParams] = useSearchParams();
  const outcome = params.get('classroom');

  // Back from Google's consent page (the callback adds ?classroom=connected|denied|failed).
  useEffect(() => {
    if (!outcome) return;
    enqueueSnackbar(outcome === 'connected' ? CLASSROOM_MESSAGES.connected : CLASSROOM_MESSAGES.consentFailed, {
      variant: outcome === 'connected' ? 'success' : 'error',
    });
    const next = new URLSearchParams(params);
    next.delete('classroom');
    setParams(next, { replace: true });
  }, [outcome, params, setParams, enqueueSnackbar]);

  if (!shown) return null;
  const needsConnect = consent.data?.needs_consent === true && !consent.data.connected;
  // Only Google's provider keeps a consent to end; the built-in classroom has none.
  const canDisconnect = consent.data?.needs_consent === true && consent.data.connected;
  const syncingRole = users.isPending ? users.variables : null;
  const busy = users.isPending || materials.isPending;
  const sync = (role: ClassroomRole) => users.mutate(role);

  return (
    <Card variant="outlined" component="section" aria-labelledby="classroom-title">
      <CardContent>
        <Stack spacing={1.5}>
          <Box>
            <Typography id="classroom-title" variant="h6" component="h2">
              Google Classroom
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Course {group.google_classroom_id}: add its students and teachers as members and its materials as
              resources.
            </Typography>
          </Box>
          {consent.isLoading ? (
            <CircularProgress size={20} aria-label="Loading Google Classroom" />
          ) : consent.isError ? (
            <Typography color="error">{CLASSROOM_MESSAGES.consentFailed}</Typography>
          ) : needsConnect ? (
            <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Typography variant="body2">Connect your Google account to read this course.</Typography>
              <Button
                variant="contained"
                disabled={!consent.data?.url}
                onClick={() => consent.data?.url && window.location.assign(consent.data.url)}
              >
                Connect Google
              </Button>
            </Stack>
          ) : (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button variant="outlined" disabled={busy} onClick={() => sync('student')} startIcon={<Busy on={syncingRole === 'student'} />}>
                Sync students
              </Button>
              <Button variant="outlined" disabled={busy} onClick={() => sync('teacher')} startIcon={<Busy on={syncingRole === 'teacher'} />}>
                Sync teachers
              </Button>
              <Button
                variant="outlined"
                disabled={busy}
                onClick={() => materials.mutate()}
                startIcon={<Busy on={materials.isPending} />}
              >
                Sync resources
              </Button>
              {canDisconnect && (
                <Button color="error" disabled={busy || disconnect.isPending} onClick={() => setConfirmingDisconnect(true)}>
                  Disconnect
                </Button>
              )}
            </Stack>
          )}
        </Stack>
      </CardContent>
      <ConfirmDialog
        open={confirmingDisconnect}
        title="Disconnect Google Classroom?"
        message="Your Google account will no longer be used to sync Google Classroom on this site, for this group or any other. You can connect it again at any time."
        confirmLabel="Disconnect"
        pending={disconnect.isPending}
        onCancel={() => setConfirmingDisconnect(false)}
        onConfirm={() => disconnect.mutate(undefined, { onSettled: () => setConfirmingDisconnect(false) })}
      />
    </Card>
  );
}

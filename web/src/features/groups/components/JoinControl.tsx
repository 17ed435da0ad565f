import { useState } from 'react';
import { Alert, Box, Button, ButtonGroup, Menu, MenuItem, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useLocation, useNavigate } from 'react-router';
import { pathWithNext } from '../../../lib/auth/next';
import { joinGroup, leaveGroup } from '../../../lib/groups/membership';
import { FULL_MESSAGES, serverMessage } from '../../../lib/groups/messages';
import { joinState } from '../../../lib/groups/rules';
import { toRegistration, type ConferenceValues } from '../../../lib/groups/conference';
import type { Answers, Group, JoinBody } from '../../../lib/groups/types';
import { useRefreshGroups } from '../api/group';
import ConfirmDialog from './ConfirmDialog';
import ConferenceDialog from './ConferenceDialog';
import QuestionsModal from './QuestionsModal';
import { ArrowDownIcon } from './icons';

interface Props {
  group: Group;
  signedIn: boolean;
}

/** Join / Register, the pending request with Cancel request, or the role with Leave (spec 001 §4, §8). */
export default function JoinControl({ group, signedIn }: Props) {
  const state = joinState(group);
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const refresh = useRefreshGroups();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'questions' | 'conference' | 'leave' | null>(null);
  const type = group.group_type;
  const isEvent = type === 'event';
  const questions = group.extra_info?.questions ?? [];

  const join = useMutation({
    mutationFn: (body: JoinBody) => joinGroup(group.id, body),
    meta: { silent: true },
    onSuccess: async () => {
      enqueueSnackbar(isEvent ? `Successfully registered to ${type}` : `Successfully applied to joined ${type}`, {
        variant: 'success',
      });
      setDialog(null);
      await refresh();
    },
    onError: (error) => enqueueSnackbar(serverMessage(error) ?? `Could not join ${type}`, { variant: 'error' }),
  });

  const leave = useMutation({
    mutationFn: () => leaveGroup(group.id),
    meta: { silent: true },
    onSuccess: async () => {
      enqueueSnackbar(
        group.membership_status === 'pending' ? 'You successfully canceled a request' : 'You successfully left',
        { variant: 'success' },
      );
      setDialog(null);
      await refresh();
    },
    onError: () => enqueueSnackbar(`Could not leave ${type}`, { variant: 'error' }),
  });

  if (state.kind === 'hidden') return null;

  const startJoin = () => {
    if (state.kind !== 'join') return;
    if (!signedIn) {
      void navigate(`${pathWithNext('/login', `${pathname}${search}`)}&join=true`);
      return;
    }
    if (state.conference) setDialog('conference');
    else if (state.hasQuestions) setDialog('questions');
    else join.mutate({});
  };

  const menu = (label: string, action: () => void) => (
    <>
      <ButtonGroup variant="outlined" aria-label={label}>
        <Button onClick={(event) => setMenuAnchor(event.currentTarget)} endIcon={<ArrowDownIcon />} aria-haspopup="menu">
          {label}
        </Button>
      </ButtonGroup>
      <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
        <MenuItem
          onClick={() => {
            setMenuAnchor(null);
            action();
          }}
        >
          {state.kind === 'pending' ? 'Cancel request' : 'Leave'}
        </MenuItem>
      </Menu>
    </>
  );

  return (
    <Box>
      {state.kind === 'join' && (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          {state.full && (
            <Alert severity="warning" variant="outlined" sx={{ py: 0 }}>
              <Typography variant="body2">{FULL_MESSAGES[0]}</Typography>
              <Typography variant="body2">{FULL_MESSAGES[1]}</Typography>
            </Alert>
          )}
          <Button variant="contained" onClick={startJoin} loading={join.isPending}>
            {state.label}
          </Button>
        </Stack>
      )}
      {state.kind === 'pending' && menu(state.label, () => leave.mutate())}
      {state.kind === 'accepted' && menu(state.label, () => setDialog('leave'))}

      {dialog === 'questions' && (
        <QuestionsModal
          title={`${state.kind === 'join' ? state.label : 'Join'} ${group.name}`}
          questions={questions}
          submitLabel="Submit"
          submitting={join.isPending}
          onClose={() => setDialog(null)}
          onSubmit={(answers: Answers) => join.mutate({ extra_info: { answers } })}
        />
      )}
      {dialog === 'conference' && (
        <ConferenceDialog
          eventName={group.name}
          questions={questions}
          submitting={join.isPending}
          onClose={() => setDialog(null)}
          onSubmit={(values: ConferenceValues, answers: Answers) => {
            const registration = toRegistration(values);
            join.mutate({
              role: registration.participant_type,
              extra_info: questions.length > 0 ? { ...registration, answers } : registration,
            });
          }}
        />
      )}
      <ConfirmDialog
        open={dialog === 'leave'}
        title={`Leave ${group.name}?`}
        message={`You will no longer be a member of this ${type}.`}
        confirmLabel="Leave"
        pending={leave.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() => leave.mutate()}
      />
    </Box>
  );
}

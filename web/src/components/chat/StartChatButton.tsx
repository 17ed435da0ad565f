import { lazy, Suspense, useState } from 'react';
import { Button } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../lib/api/errors';
import { openChatRoom } from '../../lib/realtime/chatDock';
import { startOneToOneRoom } from '../../lib/realtime/rooms';
import { useSnackbar } from '../../lib/snackbar';

export const MSG_CREATE_FAILED = 'Could not create a chat room at this moment.';

// The "cannot initiate" dialog (MUI's Dialog) loads when the server refuses, not with every
// profile or card that has a Message button.
const ChatBlockedDialog = lazy(() => import('./ChatBlockedDialog'));

interface Props {
  userId: number;
  /** Whether the viewer's tier has one_to_one_chat (spec 002 §6). */
  canInitiate: boolean;
  size?: 'small' | 'medium';
  /** The accessible name, where several Message buttons share a page (cards). */
  label?: string;
}

/**
 * Starts (or reopens) the one-to-one chat with a person and shows it in the docked panel
 * (spec 002 §4 "one-to-one room creation"). Without `one_to_one_chat` a dialog says the user
 * cannot currently initiate a chat and offers the membership plans; a conversation the other
 * person started still opens.
 */
export default function StartChatButton({ userId, canInitiate, size, label }: Props) {
  const { enqueueSnackbar } = useSnackbar();
  const [blocked, setBlocked] = useState(false);
  // The dialog stays mounted once shown, for its closing transition and the focus's return.
  const [shown, setShown] = useState(false);
  if (blocked && !shown) setShown(true);
  const start = useMutation({
    mutationFn: () => startOneToOneRoom(userId),
    onSuccess: (answer) => openChatRoom(answer.data.id),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 403) setBlocked(true);
      else enqueueSnackbar(MSG_CREATE_FAILED, { variant: 'error' });
    },
    meta: { silent: true },
  });

  return (
    <>
      <Button variant="outlined" size={size} onClick={() => start.mutate()} loading={start.isPending} aria-label={label}>
        Message
      </Button>
      {shown && (
        <Suspense fallback={null}>
          <ChatBlockedDialog open={blocked} canInitiate={canInitiate} onClose={() => setBlocked(false)} />
        </Suspense>
      )}
    </>
  );
}

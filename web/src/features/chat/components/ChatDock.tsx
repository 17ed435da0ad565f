import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Alert, Box, Button, CircularProgress, IconButton, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import RichText from '../../../components/RichText';
import { CloseIcon, SendIcon } from '../../../components/icons';
import LazyTooltip from '../../../components/LazyTooltip';
import { useIdentity } from '../../../lib/auth/identity';
import { closeChatRoom, useChatDock } from '../../../lib/realtime/chatDock';
import { useRealtimeConnection, useRealtimeEvents, useSocketStatus } from '../../../lib/realtime/hooks';
import {
  MAX_MESSAGE_LENGTH,
  NAME_LENGTH,
  addMessage,
  fetchHistory,
  roomsKey,
  truncate,
  useHistory,
  useRooms,
  useSendMessage,
  type ChatMessage,
} from '../api/chat';
import { playNewMessageSound } from './sound';

/** The chat panel's stacking order (spec 000 §9). */
export const CHAT_Z_INDEX = 1105;
export const NO_CONNECTION = 'No connection established';

function Part({ type, value }: { type: string; value: string }) {
  if (type === 'hyperlink') {
    return (
      <Link href={value} target="_blank" rel="noopener noreferrer nofollow" sx={{ overflowWrap: 'anywhere' }}>
        {value}
      </Link>
    );
  }
  if (type === 'html') return <RichText html={value} />;
  return <Box component="span" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{value}</Box>;
}

function Bubble({ message, mine }: { message: ChatMessage; mine: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }} data-testid="chat-message">
      <Box
        sx={{
          maxWidth: '80%',
          px: 1.5,
          py: 1,
          borderRadius: 2,
          bgcolor: mine ? 'primary.main' : 'action.hover',
          color: mine ? 'primary.contrastText' : 'text.primary',
          '& a': { color: 'inherit' },
        }}
      >
        {message.messages.map((part, index) => (
          <Part key={index} type={part.type} value={part.value} />
        ))}
        <Typography variant="caption" component="div" sx={{ opacity: 0.7, textAlign: 'right' }}>
          {new Date(message.timestamp).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
        </Typography>
      </Box>
    </Box>
  );
}

function Room({ roomId, me }: { roomId: number; me: number | undefined }) {
  const history = useHistory(roomId);
  const rooms = useRooms();
  const client = useQueryClient();
  const send = useSendMessage(roomId);
  const status = useSocketStatus();
  const [draft, setDraft] = useState('');
  const [failed, setFailed] = useState<string | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const previousHeight = useRef<number | null>(null);
  const room = rooms.data?.data.find((r) => r.id === roomId);
  const person = room?.users.find((u) => u.id !== me);
  const title = truncate(person?.name || room?.name || 'Chat', NAME_LENGTH);
  // Oldest first on screen; the pages come newest first.
  const messages = (history.data?.pages ?? []).flatMap((page) => page.data).slice().reverse();
  const newestId = messages.at(-1)?.id ?? 0;

  // Keep the view where it was when older messages are added above; follow new ones below.
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    if (previousHeight.current !== null) {
      box.scrollTop += box.scrollHeight - previousHeight.current;
      previousHeight.current = null;
    } else {
      box.scrollTop = box.scrollHeight;
    }
  }, [messages.length, newestId]);

  // Reading the room's latest page marks it read: the rooms' unread counts follow.
  const readAt = history.isSuccess ? history.dataUpdatedAt : 0;
  useEffect(() => {
    if (readAt > 0) void client.invalidateQueries({ queryKey: roomsKey });
  }, [client, readAt]);

  const loadOlder = () => {
    if (!history.hasNextPage || history.isFetchingNextPage) return;
    previousHeight.current = scroller.current?.scrollHeight ?? null;
    void history.fetchNextPage();
  };

  const submit = () => {
    const value = draft;
    if (value.trim() === '' || send.isPending) return;
    setFailed(null);
    send.mutate(value, {
      onSuccess: () => setDraft(''),
      onError: () => setFailed(value),
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', px: 1.5, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flexGrow: 1 }} noWrap>
          {title}
        </Typography>
        <LazyTooltip title="Close chat">
          <IconButton aria-label="Close chat" size="small" onClick={closeChatRoom}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </LazyTooltip>
      </Stack>
      {status !== 'open' && (
        <Alert severity="warning" sx={{ borderRadius: 0, py: 0 }} role="status">
          {NO_CONNECTION}
        </Alert>
      )}
      <Box
        ref={scroller}
        onScroll={(event) => {
          if (event.currentTarget.scrollTop < 40) loadOlder();
        }}
        sx={{ flexGrow: 1, overflowY: 'auto', px: 1.5, py: 1, display: 'flex', flexDirection: 'column', gap: 1 }}
        aria-label="Messages"
        role="log"
        aria-live="polite"
      >
        {history.hasNextPage && (
          <Button size="small" onClick={loadOlder} loading={history.isFetchingNextPage} sx={{ alignSelf: 'center' }}>
            Load earlier messages
          </Button>
        )}
        {history.isPending && (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
            <CircularProgress size={24} aria-label="Loading messages" />
          </Box>
        )}
        {history.isError && <Typography color="error">Could not fetch items.</Typography>}
        {history.isSuccess && messages.length === 0 && (
          <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 2 }}>
            Say hello!
          </Typography>
        )}
        {messages.map((message) => (
          <Bubble key={message.id} message={message} mine={message.sender.id === me} />
        ))}
      </Box>
      {failed !== null && (
        <Alert
          severity="error"
          sx={{ borderRadius: 0, py: 0 }}
          action={
            <Button color="inherit" size="small" onClick={submit}>
              Resend
            </Button>
          }
        >
          Your message was not sent.
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ p: 1, borderTop: 1, borderColor: 'divider', alignItems: 'flex-end' }}>
        <TextField
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Write a message"
          multiline
          maxRows={4}
          size="small"
          fullWidth
          slotProps={{ htmlInput: { maxLength: MAX_MESSAGE_LENGTH, 'aria-label': 'Message' } }}
        />
        <IconButton aria-label="Send" color="primary" onClick={submit} disabled={draft.trim() === '' || send.isPending}>
          <SendIcon />
        </IconButton>
      </Stack>
    </>
  );
}

/**
 * The docked chat panel (spec 000 §2, §4 "Chat panel", §9 z-index 1105) and the tab's
 * socket: it keeps the socket open while signed in, files incoming messages into their
 * room's history, and chimes for a message from someone else while the panel does not show
 * its room (the messages menu's badge is the indicator).
 */
export default function ChatDock() {
  useRealtimeConnection();
  const { roomId } = useChatDock();
  const { identity } = useIdentity();
  const client = useQueryClient();
  const me = identity?.id;

  useRealtimeEvents((event) => {
    if (event.type !== 'chat_message') return;
    const message = event.message as ChatMessage | undefined;
    if (!message) return;
    addMessage(client, message);
    const fromOther = message.sender.id !== me;
    if (fromOther && roomId === message.room) {
      // Shown now: reading the latest message marks the room read.
      void fetchHistory(message.room, { page_size: 1 })
        .catch(() => undefined)
        .finally(() => void client.invalidateQueries({ queryKey: roomsKey }));
      return;
    }
    void client.invalidateQueries({ queryKey: roomsKey });
    if (fromOther) playNewMessageSound();
  });

  if (roomId === null) return null;
  return (
    <Paper
      elevation={8}
      role="dialog"
      aria-label="Chat"
      sx={{
        position: 'fixed',
        right: { xs: 0, sm: 16 },
        bottom: 0,
        width: { xs: '100vw', sm: 360 },
        height: { xs: '70vh', sm: 480 },
        zIndex: CHAT_Z_INDEX,
        display: 'flex',
        flexDirection: 'column',
        borderBottomLeftRadius: 0,
        borderBottomRightRadius: 0,
        overflow: 'hidden',
      }}
    >
      <Room key={roomId} roomId={roomId} me={me} />
    </Paper>
  );
}

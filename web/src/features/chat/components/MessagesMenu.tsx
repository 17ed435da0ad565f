import { useId, useState } from 'react';
import {
  Avatar,
  Badge,
  Box,
  CircularProgress,
  IconButton,
  List,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Popover,
  Tooltip,
  Typography,
} from '@mui/material';
import { ChatIcon } from '../../../components/icons';
import { useIdentity } from '../../../lib/auth/identity';
import { openChatRoom } from '../../../lib/realtime/chatDock';
import { NAME_LENGTH, PREVIEW_LENGTH, plainText, truncate, useRooms, type ChatRoom } from '../api/chat';

function other(room: ChatRoom, me: number | undefined) {
  return room.users.find((user) => user.id !== me) ?? room.users[0];
}

/**
 * The messages menu of the top bar (spec 000 §2 "Shell"): the rooms with the other person's
 * name (cut at 20), the last message (cut at 30) and the unread count; the icon's badge is
 * the total unread, the indicator of a message that came while the panel was closed.
 */
export default function MessagesMenu() {
  const { identity } = useIdentity();
  const rooms = useRooms();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = Boolean(anchor);
  const panelId = useId();
  const items = rooms.data?.data ?? [];
  const unread = items.reduce((sum, room) => sum + room.unread_count, 0);

  return (
    <>
      <Tooltip title="Messages">
        <IconButton
          aria-label={unread > 0 ? `Messages, ${unread} unread` : 'Messages'}
          aria-haspopup="dialog"
          aria-controls={open ? panelId : undefined}
          aria-expanded={open}
          onClick={(event) => {
            setAnchor(event.currentTarget);
            void rooms.refetch();
          }}
        >
          <Badge badgeContent={unread} color="error" max={99} data-testid="messages-indicator">
            <ChatIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        id={panelId}
        open={open}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: { xs: 'calc(100vw - 16px)', sm: 360 }, maxHeight: '70vh' } } }}
      >
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, px: 2, py: 1 }}>
          Messages
        </Typography>
        {rooms.isPending && (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
            <CircularProgress size={24} aria-label="Loading messages" />
          </Box>
        )}
        {rooms.isError && (
          <Typography sx={{ p: 2 }} color="error">
            Could not fetch items.
          </Typography>
        )}
        {rooms.isSuccess && items.length === 0 && (
          <Typography sx={{ p: 2 }} color="text.secondary">
            No conversations yet. Start one from a person&apos;s profile.
          </Typography>
        )}
        {items.length > 0 && (
          <List disablePadding aria-label="Conversations">
            {items.map((room) => {
              const person = other(room, identity?.id);
              const preview = room.last_message ? truncate(plainText(room.last_message), PREVIEW_LENGTH) : '';
              return (
                <ListItemButton
                  key={room.id}
                  onClick={() => {
                    setAnchor(null);
                    openChatRoom(room.id);
                  }}
                  sx={{ bgcolor: room.unread_count > 0 ? 'action.selected' : 'transparent' }}
                >
                  <ListItemAvatar sx={{ minWidth: 48 }}>
                    <Avatar src={person?.image_path ?? undefined} alt="" sx={{ width: 36, height: 36 }}>
                      {(person?.name ?? '?').slice(0, 1)}
                    </Avatar>
                  </ListItemAvatar>
                  <ListItemText
                    primary={truncate(person?.name || room.name, NAME_LENGTH)}
                    secondary={preview || 'No messages yet'}
                    slotProps={{ primary: { sx: { fontWeight: room.unread_count > 0 ? 700 : 500 } } }}
                  />
                  {room.unread_count > 0 && (
                    <Badge badgeContent={room.unread_count} color="error" sx={{ mr: 1 }} aria-label={`${room.unread_count} unread`} />
                  )}
                </ListItemButton>
              );
            })}
          </List>
        )}
      </Popover>
    </>
  );
}

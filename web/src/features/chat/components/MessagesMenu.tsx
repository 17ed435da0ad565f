import { Avatar, Badge, List, ListItemAvatar, ListItemButton, ListItemText, Typography } from '@mui/material';
import TopBarPanel, { PanelStates } from '../../../components/shell/TopBarPanel';
import { usePanelAnchor } from '../../../components/shell/usePanelAnchor';
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
  const panel = usePanelAnchor();
  const items = rooms.data?.data ?? [];
  const unread = items.reduce((sum, room) => sum + room.unread_count, 0);

  return (
    <TopBarPanel
      name="Messages"
      unread={unread}
      icon={<ChatIcon />}
      badgeTestId="messages-indicator"
      panel={panel}
      onOpen={() => void rooms.refetch()}
      width={360}
    >
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, px: 2, py: 1 }}>
        Messages
      </Typography>
      <PanelStates
        query={rooms}
        empty={items.length === 0}
        loadingLabel="Loading messages"
        emptyText="No conversations yet. Start one from a person's profile."
      />
      {items.length > 0 && (
        <List disablePadding aria-label="Conversations">
          {items.map((room) => {
            const person = other(room, identity?.id);
            const preview = room.last_message ? truncate(plainText(room.last_message), PREVIEW_LENGTH) : '';
            return (
              <ListItemButton
                key={room.id}
                onClick={() => {
                  panel.close();
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
  </TopBarPanel>
);
}

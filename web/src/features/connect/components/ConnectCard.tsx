import { Avatar, Box, Button, Card, Chip, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { snippet } from '../../../components/lists/cardRules';
import type { ConnectItem } from '../../../lib/discover/types';
import { cardAction, itemPath, itemTypeLabel } from '../connectTypes';
import FollowItemButton from './FollowItemButton';
import StartChatButton from '../../../components/chat/StartChatButton';
import { useIdentity } from '../../../lib/auth/identity';

interface Props {
  item: ConnectItem;
  /** The signed-in user's id, to tell the own card. */
  selfId: number | undefined;
  /** Whether the item is followed when nothing in the answer says (the caller's own connections are). */
  followedByDefault: boolean;
  showType: boolean;
}

/**
 * A person or group on Connect (connection item fields, spec 000 §3): picture or logo, name
 * linking to its page, the person's title and institution or the group's description and
 * parent, the reason (Following / Member), and a follow button, or the caller's role or
 * request in a group they belong to (spec 002 §4 "Follow"). Another person's card also
 * starts a one-to-one chat with them (issue 16).
 */
export default function ConnectCard({ item, selfId, followedByDefault, showType }: Props) {
  const to = itemPath(item);
  const person = item.type === 'user';
  const description = person ? item.description : snippet(item.description, 120);
  const action = cardAction(item, followedByDefault);
  const { identity } = useIdentity();
  const canMessage = person && selfId !== undefined && item.id !== selfId;
  return (
    <Card variant="outlined" component="article" sx={{ borderRadius: 2, height: '100%', p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', minWidth: 0 }}>
        <Avatar src={item.image ?? undefined} alt="" variant={person ? 'circular' : 'rounded'} sx={{ width: 52, height: 52 }}>
          {item.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          {to ? (
            <Link component={RouterLink} to={to} underline="hover" color="inherit" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {item.name}
            </Link>
          ) : (
            <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{item.name}</Typography>
          )}
          {description && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {description}
            </Typography>
          )}
          {item.institution_name && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {item.institution_name}
            </Typography>
          )}
        </Box>
      </Stack>
      <Box sx={{ flexGrow: 1 }} />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
          {showType && <Chip size="small" variant="outlined" label={itemTypeLabel(item.type)} />}
          {item.reason && <Chip size="small" label={item.reason} />}
        </Stack>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          {canMessage && (
            <StartChatButton
              userId={item.id}
              canInitiate={Boolean(identity?.user_subscription?.one_to_one_chat)}
              size="small"
              label={`Message ${item.name}`}
            />
          )}
          {action.kind === 'label' ? (
            <Button size="small" variant="outlined" disabled>
              {action.label}
            </Button>
          ) : (
            <FollowItemButton
              id={item.id}
              type={item.type}
              name={item.name}
              followed={action.followed}
              own={person && item.id === selfId}
            />
          )}
        </Stack>
      </Stack>
    </Card>
  );
}

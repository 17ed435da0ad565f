import { Box, Chip, Pagination, Stack, Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import { CONNECTIONS_PAGE_SIZE, useConnections } from '../../api/connections';
import type { ConnectionType } from '../../api/types';
import { ListError } from '../../../../components/lists/ListStates';
import { LinesSkeleton } from '../ProfileSkeleton';
import ProfileSection from '../about/ProfileSection';
import ConnectionCard from './ConnectionCard';
import { CONNECTION_TYPES, connectionPath } from './connectionLinks';
import { cardGrid } from './layout';

const TYPE_VALUES = new Set<string>(CONNECTION_TYPES.map((type) => type.value));

interface Props {
  userId: number;
  emptyText: string;
}

/**
 * The people a person follows and the groups they belong to (GET /connections/user/{id}/),
 * filtered by type; the type and page live in the query string (a new type drops the page).
 */
export default function ConnectionsSection({ userId, emptyText }: Props) {
  const [params, setParams] = useSearchParams();
  const rawType = params.get('type') ?? 'all';
  const type = TYPE_VALUES.has(rawType) && rawType !== 'all' ? (rawType as ConnectionType) : null;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const connections = useConnections(userId, page, type);

  const choose = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('page');
        if (value === 'all') next.delete('type');
        else next.set('type', value);
        return next;
      },
      { replace: true },
    );
  const goTo = (value: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value <= 1) next.delete('page');
      else next.set('page', String(value));
      return next;
    });

  const pages = connections.data ? Math.ceil(connections.data.pagination.count / CONNECTIONS_PAGE_SIZE) : 0;
  const typeLabel = CONNECTION_TYPES.find((option) => option.value === type)?.label.toLowerCase();

  let body;
  if (connections.isPending) body = <LinesSkeleton lines={3} />;
  else if (connections.isError) body = <ListError onRetry={() => void connections.refetch()} />;
  else if (connections.data.data.length === 0) {
    body = <Typography color="text.secondary">{type ? `No ${typeLabel} found.` : emptyText}</Typography>;
  } else {
    body = (
      <Box component="ul" sx={cardGrid} aria-busy={connections.isPlaceholderData}>
        {connections.data.data.map((item) => (
          <li key={`${item.type}-${item.id}`}>
            <ConnectionCard
              name={item.name}
              image={item.image}
              subtitle={item.institution_name || item.description}
              label={item.reason}
              to={connectionPath(item)}
              square={item.type !== 'user'}
            />
          </li>
        ))}
      </Box>
    );
  }

  return (
    <ProfileSection title="Connections">
      <Stack
        direction="row"
        spacing={1}
        role="group"
        aria-label="Connection type"
        sx={{ mb: 2, overflowX: 'auto', pb: 0.5, '&::-webkit-scrollbar': { display: 'none' } }}
      >
        {CONNECTION_TYPES.map((option) => {
          const active = (type ?? 'all') === option.value;
          return (
            <Chip
              key={option.value}
              label={option.label}
              color={active ? 'primary' : 'default'}
              variant={active ? 'filled' : 'outlined'}
              onClick={() => choose(option.value)}
              aria-pressed={active}
              sx={{ flexShrink: 0 }}
            />
          );
        })}
      </Stack>
      {body}
      {pages > 1 && (
        <Pagination count={pages} page={Math.min(page, pages)} onChange={(_event, value) => goTo(value)} sx={{ mt: 2 }} />
      )}
    </ProfileSection>
  );
}

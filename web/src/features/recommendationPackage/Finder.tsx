// The package tool's searches: people, groups or resources of the site by name (more than
// 1 character, 16 a page), each result a checkbox (or a single pick).
import { useState } from 'react';
import {
  Alert,
  Checkbox,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components } from '../../lib/api/schema';
import { searchResources, searchUsersOrGroups } from './api';
import { searchable, type Selection } from './packageRules';

export interface Found {
  id: number;
  name: string;
  title?: string;
  type?: string;
}

export interface Paged<T> {
  data: T[];
  pagination: components['schemas']['Pagination'];
}

export type Source = 'users' | 'groups' | 'resources';

function useFinder(source: Source, text: string) {
  const ok = searchable(text);
  return useQuery({
    queryKey: ['recommendation-package', source, text.trim()],
    enabled: ok,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      if (source === 'resources') {
        const resources = await searchResources(text.trim(), signal);
        return resources.map((r): Found => ({ id: r.id, name: r.title }));
      }
      const found = await searchUsersOrGroups(source === 'users' ? 'user' : 'all_group', text.trim(), signal);
      return found.map((r): Found => ({ id: r.id, name: r.name, type: r.type }));
    },
  });
}

export function Finder({
  source,
  label,
  selected,
  onToggle,
  single,
}: Selection & {
  source: Source;
  label: string;
  single?: boolean;
}) {
  const [text, setText] = useState('');
  const found = useFinder(source, text);
  return (
    <Stack spacing={1}>
      <TextField size="small" label={label} value={text} onChange={(e) => setText(e.target.value)} />
      {!searchable(text) ? (
        <Typography variant="caption" color="text.secondary">
          Type at least 2 characters to search.
        </Typography>
      ) : found.isPending ? (
        <Skeleton variant="rounded" height={48} />
      ) : found.isError ? (
        <Alert severity="error">Could not search. Please try again.</Alert>
      ) : found.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nothing found.
        </Typography>
      ) : (
        <List dense sx={{ maxHeight: 320, overflowY: 'auto' }} aria-label={`${label} results`}>
          {found.data.map((item) => {
            const on = selected.some((s) => s.id === item.id);
            return (
              <ListItemButton key={item.id} onClick={() => onToggle({ id: item.id, name: item.name })} selected={on}>
                {!single && (
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <Checkbox edge="start" size="small" checked={on} tabIndex={-1} disableRipple />
                  </ListItemIcon>
                )}
                <ListItemText primary={item.name} secondary={item.type ?? undefined} />
              </ListItemButton>
            );
          })}
        </List>
      )}
    </Stack>
  );
}

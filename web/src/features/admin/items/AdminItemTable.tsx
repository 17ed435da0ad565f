import { useState } from 'react';
import {
  Box,
  Button,
  Chip,
  Link,
  Skeleton,
  Stack,
  Tab,
  TableCell,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import DataTable from '../../../components/DataTable';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import ConfirmDialog from '../../../components/ConfirmDialog';
import SearchField from '../../../components/lists/SearchField';
import { EmptyState, ListError } from '../../../components/lists/ListStates';
import { readPage, readValue, withFilter } from '../../../components/lists/listParams';
import { useSnackbar } from '../../../lib/snackbar';
import { ADMIN_ITEMS_KEY, type Paged, type TableQuery } from './api';
import { readPageSize, readStatus, splitChips, type StatusTab } from './itemRules';
import ItemPagination from './ItemPagination';
import AuditHistoryButton from '../components/AuditHistoryButton';
import type { AuditEntityType } from '../api/auditLog';

/** A button of a row: a link (edit) or a call, optionally confirmed first (delete, reject). */
export interface RowAction {
  key: string;
  label: string;
  color?: 'primary' | 'error' | 'success' | 'inherit';
  /** A page to open instead of a call. */
  href?: string;
  run?: () => Promise<unknown>;
  confirm?: { title: string; message: string; confirmLabel: string };
  success?: string;
  failure?: string;
}

/** One item as the table shows it. */
export interface RowView {
  id: number;
  title: string;
  href?: string;
  /** A line under the title (the group, the author). */
  detail?: string | null;
  chips: string[];
  status: string;
  date: string;
  actions: RowAction[];
}

export interface AdminItemTableProps<T> {
  title: string;
  /** A name for the query key (jobs, resources, …). */
  area: string;
  tabs: StatusTab[];
  fetch: (query: TableQuery, signal?: AbortSignal) => Promise<Paged<T>>;
  toRow: (item: T) => RowView;
  empty: string;
  /** The heading of the chips column (Topics, Categories, Skills). */
  chipsLabel: string;
  /** Off while what the fetch needs (the organization) is not known yet. */
  enabled?: boolean;
  /** The History button after each row's actions: the audit log's entity type and the item's name. */
  audit: { entityType: AuditEntityType; name: (item: T) => string };
}

function Chips({ names }: { names: string[] }) {
  const { shown, more } = splitChips(names);
  if (shown.length === 0) return <Typography color="text.secondary">—</Typography>;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {shown.map((name) => (
        <Chip key={name} label={name} size="small" />
      ))}
      {more > 0 && <Chip label={`+${more}`} size="small" variant="outlined" aria-label={`${more} more`} />}
    </Stack>
  );
}

/**
 * An admin table (spec 002 §2 "Admin dashboard", §7 "Admin"): status tabs from the address
 * (`?status=pending`), a search of 2 characters or more, newest first, 10 a page with the
 * admin page sizes, and each row's actions; rejecting and deleting ask first. On narrow
 * screens the table scrolls sideways.
 */
export default function AdminItemTable<T extends { id: number }>({ title, area, tabs, fetch, toRow, empty, chipsLabel, enabled = true, audit }: AdminItemTableProps<T>) {
  const [params, setParams] = useSearchParams();
  const status = readStatus(params, tabs);
  const search = readValue(params, 'q');
  const page = readPage(params);
  const pageSize = readPageSize(params);
  const query: TableQuery = { status, search, page, pageSize };
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [asking, setAsking] = useState<RowAction | null>(null);

  const found = useQuery({
    queryKey: [...ADMIN_ITEMS_KEY, area, query],
    queryFn: ({ signal }) => fetch(query, signal),
    enabled,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

  const act = useMutation({
    mutationFn: (action: RowAction) => (action.run ? action.run() : Promise.resolve()),
    meta: { silent: true },
    onSuccess: async (_answer, action) => {
      setAsking(null);
      if (action.success) enqueueSnackbar(action.success, { variant: 'success' });
      // The overview's counts and the other tabs follow.
      await queryClient.invalidateQueries();
    },
    onError: (_error, action) => {
      setAsking(null);
      enqueueSnackbar(action.failure ?? 'Could not perform action', { variant: 'error' });
    },
  });

  const choose = (action: RowAction) => {
    if (action.confirm) setAsking(action);
    else act.mutate(action);
  };

  const items = found.data?.data ?? [];
  const count = found.data?.pagination.count ?? 0;

  return (
    <Box sx={{ py: { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 }, minWidth: 0 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      <Tabs
        value={status}
        onChange={(_event, value: string) => setParams((current) => withFilter(current, 'status', value), { replace: true })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={`${title} by status`}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((tab) => (
          <Tab key={tab.value} value={tab.value} label={tab.label} />
        ))}
      </Tabs>
      <Box sx={{ mb: 2, maxWidth: { sm: 420 } }}>
        <SearchField
          value={search}
          onSearch={(text) => setParams((current) => withFilter(current, 'q', text), { replace: true })}
          label={`Search ${title.toLowerCase()}`}
        />
      </Box>
      {(found.isPending || (!enabled && !found.data)) && <Skeleton variant="rounded" height={200} aria-label="Loading" />}
      {found.isError && <ListError message={`Could not fetch ${title.toLowerCase()}.`} onRetry={() => void found.refetch()} />}
      {found.data && items.length === 0 && <EmptyState title={empty} />}
      {items.length > 0 && (
        <DataTable
          label={title}
          size="small"
          outlined
          containerSx={{ borderRadius: 2, overflowX: 'auto' }}
          tableSx={{ minWidth: 720 }}
          head={
            <>
              <TableCell>Title</TableCell>
              <TableCell>{chipsLabel}</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Created</TableCell>
              <TableCell align="right">Actions</TableCell>
            </>
          }
        >
          {items.map((item) => {
            const row = toRow(item);
            return (
              <TableRow key={row.id} hover>
                <TableCell sx={{ maxWidth: 320 }}>
                  {row.href ? (
                    <Link component={RouterLink} to={row.href} underline="hover" sx={{ fontWeight: 600 }}>
                      {row.title}
                    </Link>
                  ) : (
                    <Typography sx={{ fontWeight: 600 }}>{row.title}</Typography>
                  )}
                  {row.detail && (
                    <Typography variant="body2" color="text.secondary">
                      {row.detail}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <Chips names={row.chips} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.status}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.date}</TableCell>
                <TableCell align="right">
                  <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
                    {row.actions.map((action) =>
                      action.href ? (
                        <Button key={action.key} size="small" component={RouterLink} to={action.href} color={action.color ?? 'primary'}>
                          {action.label}
                        </Button>
                      ) : (
                        <Button
                          key={action.key}
                          size="small"
                          variant={action.color === 'success' ? 'contained' : 'outlined'}
                          color={action.color ?? 'primary'}
                          disabled={act.isPending}
                          onClick={() => choose(action)}
                          aria-label={`${action.label} ${row.title}`}
                        >
                          {action.label}
                        </Button>
                      ),
                    )}
                    <AuditHistoryButton entityType={audit.entityType} entityId={item.id} name={audit.name(item)} />
                  </Stack>
                </TableCell>
              </TableRow>
            );
          })}
        </DataTable>
      )}
      {found.data && count > 0 && (
        <ItemPagination count={count} />
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking?.confirm?.title ?? ''}
        message={asking?.confirm?.message ?? ''}
        confirmLabel={asking?.confirm?.confirmLabel ?? 'Confirm'}
        pending={act.isPending}
        onConfirm={() => asking && act.mutate(asking)}
        onCancel={() => setAsking(null)}
      />
    </Box>
  );
}

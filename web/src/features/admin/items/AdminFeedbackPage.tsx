import { Box, Link, Paper, Skeleton, Stack, Tab, Tabs, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { EmptyState, ListError } from '../../../components/lists/ListStates';
import { readPage, withFilter } from '../../../components/lists/listParams';
import { ADMIN_ITEMS_KEY, fetchContacts, fetchFeedback, type ContactItem, type FeedbackItem, type Paged } from './api';
import { formatDay, readPageSize } from './itemRules';
import ItemPagination from './ItemPagination';

type Tab = 'feedback' | 'contact';

interface Entry {
  id: number;
  heading: string;
  body: string;
  from: string;
  email: string | null;
  note: string | null;
  date: string;
}

function fromFeedback(item: FeedbackItem): Entry {
  return {
    id: item.id,
    heading: item.title,
    body: item.content,
    from: item.user?.name || 'Deleted account',
    email: item.user?.email ?? null,
    note: null,
    date: formatDay(item.created_at),
  };
}

function fromContact(item: ContactItem): Entry {
  return {
    id: item.id,
    heading: item.subject,
    body: item.message,
    from: item.name || item.email,
    email: item.email,
    note: item.membership_status ? `Membership: ${item.membership_status}` : 'Not a member',
    date: formatDay(item.created_at),
  };
}

async function fetchEntries(tab: Tab, page: number, pageSize: number, signal?: AbortSignal): Promise<Paged<Entry>> {
  if (tab === 'contact') {
    const found = await fetchContacts(page, pageSize, signal);
    return { ...found, data: found.data.map(fromContact) };
  }
  const found = await fetchFeedback(page, pageSize, signal);
  return { ...found, data: found.data.map(fromFeedback) };
}

/**
 * /admin-dashboard/feedback: what members sent from /feedback and from the pending page's
 * contact form, newest first, in two tabs (`?tab=contact`), 10 a page (spec 002 §2; issue 19).
 */
export default function AdminFeedbackPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'contact' ? 'contact' : 'feedback';
  const page = readPage(params);
  const pageSize = readPageSize(params);
  const found = useQuery({
    queryKey: [...ADMIN_ITEMS_KEY, 'feedback', tab, page, pageSize],
    queryFn: ({ signal }) => fetchEntries(tab, page, pageSize, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const entries = found.data?.data ?? [];
  const count = found.data?.pagination.count ?? 0;
  const noun = tab === 'contact' ? 'contact messages' : 'feedback';

  return (
    <Box sx={{ py: { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 }, minWidth: 0 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        Feedback
      </Typography>
      <Tabs
        value={tab}
        onChange={(_event, value: Tab) =>
          setParams((current) => withFilter(current, 'tab', value === 'feedback' ? null : value), { replace: true })
        }
        aria-label="Feedback and contact messages"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="feedback" label="Feedback" />
        <Tab value="contact" label="Contact" />
      </Tabs>
      {found.isPending && <Skeleton variant="rounded" height={200} aria-label="Loading" />}
      {found.isError && <ListError message={`Could not fetch ${noun}.`} onRetry={() => void found.refetch()} />}
      {found.data && entries.length === 0 && <EmptyState title={`No ${noun} found.`} />}
      <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {entries.map((entry) => (
          <Paper key={entry.id} component="li" variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: 2 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', gap: 0.5 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{entry.heading}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {entry.date}
              </Typography>
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {entry.from}
              {entry.email && (
                <>
                  {' · '}
                  <Link href={`mailto:${entry.email}`}>{entry.email}</Link>
                </>
              )}
              {entry.note && ` · ${entry.note}`}
            </Typography>
            <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{entry.body}</Typography>
          </Paper>
        ))}
      </Stack>
      {found.data && count > 0 && (
        <ItemPagination count={count} />
      )}
    </Box>
  );
}

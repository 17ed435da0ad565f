import { lazy, Suspense, useState } from 'react';
import { Alert, Box, Button, Pagination, Skeleton, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import { useCareerTips } from '../api/tips';
import { TIP_MESSAGES, TIP_PAGE_SIZE } from '../tipRules';
import TipCard from './TipCard';

// The form (its dialog and rich-text editor) loads when it is first opened.
const TipFormDialog = lazy(() => import('./TipFormDialog'));

interface Props {
  group: { id: number; name: string; membership_status?: string | null; is_administrator?: boolean | null };
}

/**
 * A group's career tips (GET career-tips/group/{id}/), under its posts: approved tips, 15 a page
 * (`?tips_page=`); its members share one; its administrators also review the pending ones.
 */
export default function GroupCareerTips({ group }: Props) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('tips_page')) || 1);
  const [view, setView] = useState<'approved' | 'pending'>('approved');
  const [sharing, setSharing] = useState(false);
  const admin = Boolean(group.is_administrator);
  const query = useCareerTips({ kind: 'group', groupId: group.id }, { page, status: admin && view === 'pending' ? 'pending' : undefined });
  const mayShare = group.membership_status === 'accepted' || admin;
  const count = query.data?.pagination.count ?? 0;
  const goTo = (next: number) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      copy.set('tips_page', String(next));
      return copy;
    });
  return (
    <Stack spacing={2} component="section" aria-labelledby="group-tips-title">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography id="group-tips-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          Career Tips
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {admin && (
            <ToggleButtonGroup
              size="small"
              exclusive
              value={view}
              onChange={(_, next: 'approved' | 'pending' | null) => next && setView(next)}
              aria-label="Which career tips"
            >
              <ToggleButton value="approved">Approved</ToggleButton>
              <ToggleButton value="pending">To review</ToggleButton>
            </ToggleButtonGroup>
          )}
          {mayShare && (
            <Button variant="outlined" onClick={() => setSharing(true)}>
              Share a tip
            </Button>
          )}
        </Stack>
      </Stack>
      {query.isPending && <Skeleton variant="rounded" height={140} />}
      {query.isError && (
        <Alert severity="error" action={<Button onClick={() => void query.refetch()}>Retry</Button>}>
          Could not load the career tips.
        </Alert>
      )}
      {query.data && count === 0 && (
        <Typography color="text.secondary">{view === 'pending' ? TIP_MESSAGES.emptyPending : TIP_MESSAGES.empty}</Typography>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
        {query.data?.data.map((tip) => <TipCard key={tip.id} tip={tip} />)}
      </Box>
      {count > TIP_PAGE_SIZE && (
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <Pagination count={Math.ceil(count / TIP_PAGE_SIZE)} page={page} onChange={(_, p) => goTo(p)} />
        </Box>
      )}
      {sharing && (
        <Suspense fallback={null}>
          <TipFormDialog open group={group} onClose={() => setSharing(false)} />
        </Suspense>
      )}
    </Stack>
  );
}

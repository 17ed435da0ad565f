import { lazy, Suspense, useState } from 'react';
import { Button, Tab, Tabs } from '@mui/material';
import { useLocation, useNavigate } from 'react-router';
import CardGridResults from '../../../components/lists/CardGridResults';
import ListPage from '../../../components/lists/ListPage';
import { EmptyState } from '../../../components/lists/ListStates';
import ParamFilterBar from '../../../components/lists/ParamFilterBar';
import { useListParams } from '../../../components/lists/useListParams';
import { pathWithNext } from '../../../lib/auth/next';
import { useIdentity } from '../../../lib/auth/identity';
import { useCareerTips, type TipScope } from '../api/tips';
import TipCard from '../components/TipCard';
import { TIP_MESSAGES, TIP_PAGE_SIZE, TIP_TAB_LABELS, tipTabs, type TipTab } from '../tipRules';

// The form (its dialog and rich-text editor) loads when it is first opened.
const TipFormDialog = lazy(() => import('../components/TipFormDialog'));

const EMPTY: Record<TipTab, string> = { all: TIP_MESSAGES.empty, mine: TIP_MESSAGES.emptyMine, review: TIP_MESSAGES.emptyPending };

/**
 * /career-tips (spec 002 §7 "Career tips"): the site's approved tips, 15 a page, newest first,
 * with search; "My tips" (every status) for members and "To review" (pending) for moderators;
 * "Share a tip" for members, guests go to sign in.
 */
export default function CareerTipsPage() {
  const { params, page, setFilter, setPage } = useListParams();
  const { signedIn, identity } = useIdentity();
  const navigate = useNavigate();
  const { pathname, search: locationSearch } = useLocation();
  const [sharing, setSharing] = useState(false);
  const moderator = Boolean(identity?.is_staff || identity?.group_profile?.is_certified);
  const tabs = tipTabs(signedIn, moderator);
  const requested = (params.get('tab') ?? 'all') as TipTab;
  const tab = tabs.includes(requested) ? requested : 'all';
  const search = (params.get('q') ?? '').trim();
  const scope: TipScope = tab === 'mine' ? { kind: 'mine' } : { kind: 'all' };
  const query = useCareerTips(scope, { page, search, status: tab === 'review' ? 'pending' : undefined });
  const share = () => {
    if (!signedIn) {
      void navigate(pathWithNext('/login', `${pathname}${locationSearch}`));
      return;
    }
    setSharing(true);
  };
  return (
    <ListPage
      title="Career Tips"
      subtitle="Advice from the community, voted up by members"
      actions={
        <Button variant="contained" onClick={share}>
          Share a tip
        </Button>
      }
    >
      {tabs.length > 1 && (
        <Tabs
          value={tab}
          onChange={(_, next: TipTab) => setFilter('tab', next === 'all' ? null : next)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Career tip lists"
          sx={{ mb: 2 }}
        >
          {tabs.map((t) => (
            <Tab key={t} value={t} label={TIP_TAB_LABELS[t]} />
          ))}
        </Tabs>
      )}
      <ParamFilterBar label="Career tip filters" searchLabel="Search career tips" />
      <CardGridResults
        query={query}
        label="Career tips"
        empty={<EmptyState title={EMPTY[tab]} />}
        itemKey={(tip) => tip.id}
        renderItem={(tip) => <TipCard tip={tip} />}
        pageSize={TIP_PAGE_SIZE}
        page={page}
        onPageChange={setPage}
      />
      {sharing && (
        <Suspense fallback={null}>
          <TipFormDialog open onClose={() => setSharing(false)} onSaved={() => setFilter('tab', 'mine')} />
        </Suspense>
      )}
    </ListPage>
  );
}

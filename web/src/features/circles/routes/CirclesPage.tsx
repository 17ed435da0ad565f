import { useMemo } from 'react';
import { Box, Button, Chip, Stack } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import GroupCard from '../../../components/lists/GroupCard';
import ListPage from '../../../components/lists/ListPage';
import CardGridResults from '../../../components/lists/CardGridResults';
import { EmptyState } from '../../../components/lists/ListStates';
import ParamFilterBar from '../../../components/lists/ParamFilterBar';
import { COUNTRY_FILTER } from '../../../components/lists/countryFilter';
import StatusFilter from '../../../components/lists/StatusFilter';
import { useListParams } from '../../../components/lists/useListParams';
import { useIdentity } from '../../../lib/auth/identity';
import { pathWithNext } from '../../../lib/auth/next';
import { useCirclesList } from '../../../lib/discover/groups';
import { CIRCLES_PAGE_SIZE, circlesQuery } from '../../../lib/discover/params';
import { useUseCase } from '../../../lib/discover/useCases';
import { COMPLEXITY_OPTIONS, MODALITY_OPTIONS, WEEKS_OPTIONS, monthOptions } from '../circleFilters';
import HowCircleWorks from '../components/HowCircleWorks';
import LeaderApplyButton from '../components/LeaderApplyButton';
import RequestCircleCard from '../components/RequestCircleCard';
import TrainingButton from '../TrainingButton';

const CIRCLE_FILTERS = [
  { key: 'weeks', label: 'Weeks', options: WEEKS_OPTIONS },
  COUNTRY_FILTER,
  { key: 'complexity_level', label: 'Complexity level', options: COMPLEXITY_OPTIONS },
  { key: 'learning_modality', label: 'Learning modality', options: MODALITY_OPTIONS },
];

/**
 * /circles (spec 002 §2 "Circles list"): search and filters kept in the address, the
 * lifecycle status filter, the use-case selector, circle cards nine per page, and the ways to
 * lead, request or train.
 */
export default function CirclesPage() {
  const { params, page, value, list, setFilter, setPage } = useListParams();
  const { pathname, search } = useLocation();
  const { signedIn, identity } = useIdentity();
  const registered = signedIn && Boolean(identity) && !identity?.is_trial_user;
  const circles = useCirclesList(circlesQuery(params));
  const months = useMemo(() => monthOptions(), []);
  const useCaseId = value('usecase_id');
  // The chosen use case's title (GET /use-cases/?ids={id}); its id until known.
  const useCase = useUseCase(useCaseId);
  const useCaseTitle = useCaseId ? (useCase.data?.title ?? `#${useCaseId}`) : null;
  const signUp = pathWithNext('/signup', `${pathname}${search}`);

  const actions = (
    <>
      <Button component={RouterLink} to="/circle-leaders" variant="outlined">
        Browse Circle Leaders
      </Button>
      {registered && <LeaderApplyButton />}
      <TrainingButton />
    </>
  );

  const results = (
    <CardGridResults
      query={circles}
      label="Circles"
      empty={
        <Stack spacing={2}>
          <EmptyState title="No Circles Available">
            {registered ? (
              <LeaderApplyButton label="Apply Now" variant="contained" />
            ) : (
              <Button component={RouterLink} to={signUp} variant="contained">
                Apply Now
              </Button>
            )}
          </EmptyState>
          <Box sx={{ maxWidth: { md: 420 } }}>
            <RequestCircleCard signedIn={registered} />
          </Box>
        </Stack>
      }
      itemKey={(circle) => circle.id}
      renderItem={(circle) => <GroupCard group={circle} />}
      trailing={<RequestCircleCard signedIn={registered} />}
      pageSize={CIRCLES_PAGE_SIZE}
      page={page}
      onPageChange={setPage}
    />
  );

  return (
    <ListPage title="Career Circle" actions={actions}>
      {!signedIn && <HowCircleWorks />}
      <ParamFilterBar
        label="Circle filters"
        searchLabel="Search circles"
        filters={[{ key: 'starting_month', label: 'Starting month', options: months }, ...CIRCLE_FILTERS]}
      />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
        <Button
          component={RouterLink}
          to={useCaseId ? `/usecase-selection?usecase_id=${encodeURIComponent(useCaseId)}` : '/usecase-selection'}
          variant="text"
        >
          {useCaseId ? 'Change use case' : 'Select a use case'}
        </Button>
        {useCaseTitle && (
          <>
            <Chip label={`Use case: ${useCaseTitle}`} color="primary" variant="outlined" />
            <Button variant="text" color="inherit" onClick={() => setFilter('usecase_id', null)}>
              Clear use case
            </Button>
          </>
        )}
      </Stack>
      <StatusFilter value={list('circle_status')} onChange={(keys) => setFilter('circle_status', keys)} />
      {results}
    </ListPage>
  );
}

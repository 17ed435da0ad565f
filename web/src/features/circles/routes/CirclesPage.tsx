import { useMemo } from 'react';
import { Box, Button, Chip, Stack } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import FilterBar from '../../../components/lists/FilterBar';
import FilterSelect from '../../../components/lists/FilterSelect';
import GroupCard from '../../../components/lists/GroupCard';
import ListPage from '../../../components/lists/ListPage';
import CardGridResults from '../../../components/lists/CardGridResults';
import { EmptyState } from '../../../components/lists/ListStates';
import SearchField from '../../../components/lists/SearchField';
import StatusFilter from '../../../components/lists/StatusFilter';
import { useListParams } from '../../../components/lists/useListParams';
import { COUNTRY_CHOICES } from '../../../components/profileForm/countries';
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

const COUNTRY_OPTIONS = COUNTRY_CHOICES.map((choice) => ({ value: choice.name, label: choice.name }));

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
      <FilterBar label="Circle filters">
        <SearchField value={value('q')} onSearch={(text) => setFilter('q', text)} label="Search circles" />
        <FilterSelect
          label="Starting month"
          options={months}
          value={value('starting_month')}
          onChange={(next) => setFilter('starting_month', next)}
        />
        <FilterSelect label="Weeks" options={WEEKS_OPTIONS} value={value('weeks')} onChange={(next) => setFilter('weeks', next)} />
        <FilterSelect
          label="Country"
          options={COUNTRY_OPTIONS}
          value={value('countries')}
          onChange={(next) => setFilter('countries', next)}
        />
        <FilterSelect
          label="Complexity level"
          options={COMPLEXITY_OPTIONS}
          value={value('complexity_level')}
          onChange={(next) => setFilter('complexity_level', next)}
        />
        <FilterSelect
          label="Learning modality"
          options={MODALITY_OPTIONS}
          value={value('learning_modality')}
          onChange={(next) => setFilter('learning_modality', next)}
        />
      </FilterBar>
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

import { Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import FilterBar from '../../../components/lists/FilterBar';
import FilterSelect, { type FilterOption } from '../../../components/lists/FilterSelect';
import GroupCard from '../../../components/lists/GroupCard';
import ListPage from '../../../components/lists/ListPage';
import CardGridResults from '../../../components/lists/CardGridResults';
import { EmptyState } from '../../../components/lists/ListStates';
import SearchField from '../../../components/lists/SearchField';
import { useListParams } from '../../../components/lists/useListParams';
import { COUNTRY_CHOICES } from '../../../components/profileForm/countries';
import { useIdentity } from '../../../lib/auth/identity';
import { useEventsList } from '../../../lib/discover/groups';
import { EVENTS_PAGE_SIZE, eventsQuery } from '../../../lib/discover/params';
import { useTopicAreas } from '../../../lib/discover/topicAreas';
import { useOptionsConfig } from '../../../lib/profile/optionsConfig';

const COUNTRY_OPTIONS = COUNTRY_CHOICES.map((choice) => ({ value: choice.name, label: choice.name }));

function asOptions(list: readonly { value: number | string; label: string }[]): FilterOption[] {
  return list.map((option) => ({ value: String(option.value), label: option.label }));
}

/**
 * /events (spec 002 §2, 001 §2 "Event detail"): search and the career stage, professional
 * field, topic area and country filters in the address, event cards nine per page; certified
 * group profiles get a Create Event button.
 */
export default function EventsPage() {
  const { params, page, value, setFilter, setPage } = useListParams();
  const { identity } = useIdentity();
  const options = useOptionsConfig();
  const topicAreas = useTopicAreas();
  const events = useEventsList(eventsQuery(params));
  const certified = Boolean(identity?.group_profile?.is_certified);

  const results = (
    <CardGridResults
      query={events}
      label="Events"
      empty={<EmptyState title="No events found" />}
      itemKey={(event) => event.id}
      renderItem={(event) => <GroupCard group={event} />}
      pageSize={EVENTS_PAGE_SIZE}
      page={page}
      onPageChange={setPage}
    />
  );

  return (
    <ListPage
      title="Events"
      actions={
        certified ? (
          <Button component={RouterLink} to="/groups/new?type=event" variant="contained">
            Create Event
          </Button>
        ) : undefined
      }
    >
      <FilterBar label="Event filters">
        <SearchField value={value('q')} onSearch={(text) => setFilter('q', text)} label="Search events" />
        <FilterSelect
          label="Career stage"
          options={asOptions(options.career_stages)}
          value={value('career_stages')}
          onChange={(next) => setFilter('career_stages', next)}
        />
        <FilterSelect
          label="Professional field"
          options={asOptions(options.professional_fields)}
          value={value('professional_fields')}
          onChange={(next) => setFilter('professional_fields', next)}
        />
        <FilterSelect
          label="Topic area"
          options={(topicAreas.data ?? []).map((area) => ({ value: String(area.id), label: area.name }))}
          value={value('topic_areas')}
          onChange={(next) => setFilter('topic_areas', next)}
        />
        <FilterSelect
          label="Country"
          options={COUNTRY_OPTIONS}
          value={value('countries')}
          onChange={(next) => setFilter('countries', next)}
        />
      </FilterBar>
      {results}
    </ListPage>
  );
}

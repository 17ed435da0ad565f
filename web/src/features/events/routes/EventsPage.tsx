import GroupCard from '../../../components/lists/GroupCard';
import ListPage from '../../../components/lists/ListPage';
import CardGridResults from '../../../components/lists/CardGridResults';
import { EmptyState } from '../../../components/lists/ListStates';
import ParamFilterBar from '../../../components/lists/ParamFilterBar';
import { COUNTRY_FILTER } from '../../../components/lists/countryFilter';
import { useProfileFilters, useTopicAreaFilter } from '../../../components/lists/filterOptions';
import { useListParams } from '../../../components/lists/useListParams';
import { useCertifiedAction } from '../../../components/lists/useCertifiedAction';
import { useEventsList } from '../../../lib/discover/groups';
import { EVENTS_PAGE_SIZE, eventsQuery } from '../../../lib/discover/params';

/**
 * /events (spec 002 §2, 001 §2 "Event detail"): search and the career stage, professional
 * field, topic area and country filters in the address, event cards nine per page; certified
 * group profiles get a Create Event button.
 */
export default function EventsPage() {
  const { params, page, setPage } = useListParams();
  const { careerStages, professionalFields } = useProfileFilters();
  const topicArea = useTopicAreaFilter();
  const events = useEventsList(eventsQuery(params));
  const action = useCertifiedAction('/groups/new?type=event', 'Create Event');

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
      actions={action}
    >
      <ParamFilterBar
        label="Event filters"
        searchLabel="Search events"
        filters={[careerStages, professionalFields, topicArea, COUNTRY_FILTER]}
      />
      {results}
    </ListPage>
  );
}

import ListPage from '../../../components/lists/ListPage';
import CardGridResults from '../../../components/lists/CardGridResults';
import { EmptyState } from '../../../components/lists/ListStates';
import ParamFilterBar from '../../../components/lists/ParamFilterBar';
import { useProfileFilters, useTopicAreaFilter } from '../../../components/lists/filterOptions';
import { useListParams } from '../../../components/lists/useListParams';
import { useCircleLeaders } from '../../../lib/discover/leaders';
import { LEADERS_PAGE_SIZE, leadersQuery } from '../../../lib/discover/params';
import LeaderCard from '../components/LeaderCard';

/**
 * /circle-leaders (spec 002 §2): certified circle leaders, nine per page, with search and the
 * topic area, professional field and job function filters in the address.
 */
export default function CircleLeadersPage() {
  const { params, page, setPage } = useListParams();
  const { professionalFields, jobFunctions } = useProfileFilters();
  const topicArea = useTopicAreaFilter();
  const leaders = useCircleLeaders(leadersQuery(params));

  const results = (
    <CardGridResults
      query={leaders}
      label="Circle leaders"
      empty={<EmptyState title="No circle leaders found" />}
      itemKey={(leader) => leader.id}
      renderItem={(leader) => <LeaderCard leader={leader} />}
      pageSize={LEADERS_PAGE_SIZE}
      page={page}
      onPageChange={setPage}
      skeletonHeight={160}
    />
  );

  return (
    <ListPage title="Circle Leaders" subtitle="Certified leaders who guide circles.">
      <ParamFilterBar
        label="Circle leader filters"
        searchLabel="Search circle leaders"
        filters={[topicArea, professionalFields, jobFunctions]}
      />
      {results}
    </ListPage>
  );
}

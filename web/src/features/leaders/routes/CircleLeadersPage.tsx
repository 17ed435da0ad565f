import FilterBar from '../../../components/lists/FilterBar';
import FilterSelect, { type FilterOption } from '../../../components/lists/FilterSelect';
import ListPage from '../../../components/lists/ListPage';
import CardGridResults from '../../../components/lists/CardGridResults';
import { EmptyState } from '../../../components/lists/ListStates';
import SearchField from '../../../components/lists/SearchField';
import { useListParams } from '../../../components/lists/useListParams';
import { useCircleLeaders } from '../../../lib/discover/leaders';
import { LEADERS_PAGE_SIZE, leadersQuery } from '../../../lib/discover/params';
import { useTopicAreas } from '../../../lib/discover/topicAreas';
import { useOptionsConfig } from '../../../lib/profile/optionsConfig';
import LeaderCard from '../components/LeaderCard';

function asOptions(list: readonly { value: number | string; label: string }[]): FilterOption[] {
  return list.map((option) => ({ value: String(option.value), label: option.label }));
}

/**
 * /circle-leaders (spec 002 §2): certified circle leaders, nine per page, with search and the
 * topic area, professional field and job function filters in the address.
 */
export default function CircleLeadersPage() {
  const { params, page, value, setFilter, setPage } = useListParams();
  const options = useOptionsConfig();
  const topicAreas = useTopicAreas();
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
      <FilterBar label="Circle leader filters">
        <SearchField value={value('q')} onSearch={(text) => setFilter('q', text)} label="Search circle leaders" />
        <FilterSelect
          label="Topic area"
          options={(topicAreas.data ?? []).map((area) => ({ value: String(area.id), label: area.name }))}
          value={value('topic_areas')}
          onChange={(next) => setFilter('topic_areas', next)}
        />
        <FilterSelect
          label="Professional field"
          options={asOptions(options.professional_fields)}
          value={value('professional_fields')}
          onChange={(next) => setFilter('professional_fields', next)}
        />
        <FilterSelect
          label="Job function"
          options={asOptions(options.job_functions)}
          value={value('job_functions')}
          onChange={(next) => setFilter('job_functions', next)}
        />
      </FilterBar>
      {results}
    </ListPage>
  );
}

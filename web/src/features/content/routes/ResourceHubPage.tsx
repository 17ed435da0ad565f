import ListPage from '../../../components/lists/ListPage';
import ParamFilterBar from '../../../components/lists/ParamFilterBar';
import { COUNTRY_FILTER } from '../../../components/lists/countryFilter';
import { useProfileFilters, useTopicAreaFilter } from '../../../components/lists/filterOptions';
import { useListParams } from '../../../components/lists/useListParams';
import { useCertifiedAction } from '../../../components/lists/useCertifiedAction';
import { useContents } from '../api/contents';
import { MESSAGES, PAGE_SIZE_HUB } from '../contentRules';
import ResourceGrid from '../components/ResourceGrid';

/**
 * /resourcehub (spec 002 §2): approved resources published to the hub, 15 a page, with search,
 * topic area (also `?topic_areas=1,2` from CareerGPS), career stage, professional field and
 * country in the address.
 */
export default function ResourceHubPage() {
  const { params, page, setPage } = useListParams();
  const { careerStages, professionalFields } = useProfileFilters();
  const topicArea = useTopicAreaFilter();
  const search = (params.get('q') ?? '').trim();
  const query = useContents({
    types: 'resource',
    status: 'approved',
    publish_to_khub: true,
    search: search.length >= 2 ? search : undefined,
    topic_areas: params.get('topic_areas'),
    career_stages: params.get('career_stages'),
    professional_fields: params.get('professional_fields'),
    countries: params.get('countries'),
    page,
    page_size: PAGE_SIZE_HUB,
  });
  const action = useCertifiedAction('/resources/new?contribute=1', 'Contribute');
  return (
    <ListPage
      title="Resource Hub"
      actions={action}
    >
      <ParamFilterBar
        label="Resource filters"
        searchLabel="Search resources"
        filters={[topicArea, careerStages, professionalFields, COUNTRY_FILTER]}
      />
      <ResourceGrid query={query} label="Resources" emptyTitle={MESSAGES.noResources} page={page} onPageChange={setPage} />
    </ListPage>
  );
}

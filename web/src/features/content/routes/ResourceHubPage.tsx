import { Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import CardGridResults from '../../../components/lists/CardGridResults';
import FilterBar from '../../../components/lists/FilterBar';
import FilterSelect, { type FilterOption } from '../../../components/lists/FilterSelect';
import ListPage from '../../../components/lists/ListPage';
import { EmptyState } from '../../../components/lists/ListStates';
import SearchField from '../../../components/lists/SearchField';
import { useListParams } from '../../../components/lists/useListParams';
import { COUNTRY_CHOICES } from '../../../components/profileForm/countries';
import { useIdentity } from '../../../lib/auth/identity';
import { useTopicAreas } from '../../../lib/discover/topicAreas';
import { useOptionsConfig } from '../../../lib/profile/optionsConfig';
import { useContents } from '../api/contents';
import { MESSAGES, PAGE_SIZE_HUB } from '../contentRules';
import ResourceCard from '../components/ResourceCard';

const COUNTRY_OPTIONS = COUNTRY_CHOICES.map((choice) => ({ value: choice.name, label: choice.name }));

function asOptions(list: readonly { value: number | string; label: string }[]): FilterOption[] {
  return list.map((option) => ({ value: String(option.value), label: option.label }));
}

/**
 * /resourcehub (spec 002 §2): approved resources published to the hub, 15 a page, with search,
 * topic area (also `?topic_areas=1,2` from CareerGPS), career stage, professional field and
 * country in the address.
 */
export default function ResourceHubPage() {
  const { params, page, value, setFilter, setPage } = useListParams();
  const options = useOptionsConfig();
  const topicAreas = useTopicAreas();
  const { identity } = useIdentity();
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
  const certified = Boolean(identity?.group_profile?.is_certified);
  return (
    <ListPage
      title="Resource Hub"
      actions={
        certified ? (
          <Button component={RouterLink} to="/resources/new?contribute=1" variant="contained">
            Contribute
          </Button>
        ) : undefined
      }
    >
      <FilterBar label="Resource filters">
        <SearchField value={value('q')} onSearch={(text) => setFilter('q', text)} label="Search resources" />
        <FilterSelect
          label="Topic area"
          options={(topicAreas.data ?? []).map((area) => ({ value: String(area.id), label: area.name }))}
          value={value('topic_areas')}
          onChange={(next) => setFilter('topic_areas', next)}
        />
        <FilterSelect label="Career stage" options={asOptions(options.career_stages)} value={value('career_stages')} onChange={(next) => setFilter('career_stages', next)} />
        <FilterSelect
          label="Professional field"
          options={asOptions(options.professional_fields)}
          value={value('professional_fields')}
          onChange={(next) => setFilter('professional_fields', next)}
        />
        <FilterSelect label="Country" options={COUNTRY_OPTIONS} value={value('countries')} onChange={(next) => setFilter('countries', next)} />
      </FilterBar>
      <CardGridResults
        query={query}
        label="Resources"
        empty={<EmptyState title={MESSAGES.noResources} />}
        itemKey={(item) => item.id}
        renderItem={(item) => <ResourceCard item={item} />}
        pageSize={PAGE_SIZE_HUB}
        page={page}
        onPageChange={setPage}
      />
    </ListPage>
  );
}

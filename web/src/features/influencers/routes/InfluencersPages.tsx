import CardGridResults, { type ListQuery } from '../../../components/lists/CardGridResults';
import ListPage from '../../../components/lists/ListPage';
import { EmptyState } from '../../../components/lists/ListStates';
import { useListParams } from '../../../components/lists/useListParams';
import { groupPath } from '../../../lib/groups/rules';
import { INFLUENCERS_PAGE_SIZE, useInfluentialOrgs, useInfluentialPeople } from '../api/influencers';
import InfluencerCard, { type InfluencerCardProps } from '../components/InfluencerCard';
import type { components } from '../../../lib/api/schema';

// The schema's group_type is a string; the link is /circle/, /event/ or else /org/.
const orgPath = (g: components['schemas']['GroupView']) =>
  groupPath({ name_slug: g.name_slug, group_type: g.group_type === 'circle' || g.group_type === 'event' ? g.group_type : 'organization' });

/** An influencer list page: its cards 16 a page, guests too. */
function InfluencerGrid<T extends { id: number }>({
  title,
  label,
  empty,
  useItems,
  card,
}: {
  title: string;
  label: string;
  empty: string;
  useItems: (page: number) => ListQuery<T>;
  card: (item: T) => InfluencerCardProps;
}) {
  const { page, setPage } = useListParams();
  const items = useItems(page);
  return (
    <ListPage title={title}>
      <CardGridResults
        query={items}
        label={label}
        empty={<EmptyState title={empty} />}
        itemKey={(item) => item.id}
        renderItem={(item) => <InfluencerCard {...card(item)} />}
        pageSize={INFLUENCERS_PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        skeletonHeight={180}
      />
    </ListPage>
  );
}

/** /influencers (spec 002 §2): the site's highly influential people. */
export function InfluencersPage() {
  return (
    <InfluencerGrid
      title="Highly Influential People"
      label="Influential people"
      empty="No influential people found."
      useItems={useInfluentialPeople}
      card={(person) => ({
        name: person.name,
        image: person.image,
        detail: person.institution_name,
        to: person.name_slug ? `/profile/${encodeURIComponent(person.name_slug)}` : null,
      })}
    />
  );
}

/** /influential-orgs (spec 002 §2): the site's highly influential organizations. */
export function InfluentialOrgsPage() {
  return (
    <InfluencerGrid
      title="Highly Influential Organization"
      label="Influential organizations"
      empty="No influential organization found."
      useItems={useInfluentialOrgs}
      card={(org) => ({ name: org.name, image: org.logo, detail: org.country, to: orgPath(org) })}
    />
  );
}

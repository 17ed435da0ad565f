import CardGridResults from '../../../components/lists/CardGridResults';
import ListPage from '../../../components/lists/ListPage';
import { EmptyState } from '../../../components/lists/ListStates';
import { useListParams } from '../../../components/lists/useListParams';
import { groupPath } from '../../../lib/groups/rules';
import { INFLUENCERS_PAGE_SIZE, useInfluentialOrgs, useInfluentialPeople } from '../api/influencers';
import InfluencerCard from '../components/InfluencerCard';
import type { components } from '../../../lib/api/schema';

// The schema's group_type is a string; the link is /circle/, /event/ or else /org/.
const orgPath = (g: components['schemas']['GroupView']) =>
  groupPath({ name_slug: g.name_slug, group_type: g.group_type === 'circle' || g.group_type === 'event' ? g.group_type : 'organization' });

/** /influencers (spec 002 §2): the site's highly influential people, 16 a page, guests too. */
export function InfluencersPage() {
  const { page, setPage } = useListParams();
  const people = useInfluentialPeople(page);
  return (
    <ListPage title="Highly Influential People">
      <CardGridResults
        query={people}
        label="Influential people"
        empty={<EmptyState title="No influential people found." />}
        itemKey={(person) => person.id}
        renderItem={(person) => (
          <InfluencerCard
            name={person.name}
            image={person.image}
            detail={person.institution_name}
            to={person.name_slug ? `/profile/${encodeURIComponent(person.name_slug)}` : null}
          />
        )}
        pageSize={INFLUENCERS_PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        skeletonHeight={180}
      />
    </ListPage>
  );
}

/** /influential-orgs (spec 002 §2): the site's highly influential organizations, 16 a page. */
export function InfluentialOrgsPage() {
  const { page, setPage } = useListParams();
  const orgs = useInfluentialOrgs(page);
  return (
    <ListPage title="Highly Influential Organization">
      <CardGridResults
        query={orgs}
        label="Influential organizations"
        empty={<EmptyState title="No influential organization found." />}
        itemKey={(org) => org.id}
        renderItem={(org) => <InfluencerCard name={org.name} image={org.logo} detail={org.country} to={orgPath(org)} />}
        pageSize={INFLUENCERS_PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        skeletonHeight={180}
      />
    </ListPage>
  );
}

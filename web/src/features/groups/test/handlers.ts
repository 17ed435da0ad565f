// MSW handlers for the group screens: groups by slug and id, their members, child lists and lookups.
import { http, HttpResponse } from 'msw';
import { server } from '../../../test/server';
import { configFixture } from '../../../test/fixtures';
import type { Group, Member } from '../../../lib/groups/types';
import { paged } from '../../../test/groupFixtures';

export interface GroupWorld {
  groups: Group[];
  members?: Member[];
  /** Every members request's query, for checking filters. */
  memberQueries?: URLSearchParams[];
}

function notFound() {
  return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
}

/** Answers GET /groups/slug/{slug}/, /groups/{id}/, /groups/{id}/members/, /circles/, /events/ from `world`. */
export function serveGroups(world: GroupWorld) {
  server.use(
    http.get('*/api/v1/groups/slug/:slug/', ({ params }) => {
      const found = world.groups.find((group) => group.name_slug === params.slug);
      return found ? HttpResponse.json({ data: found }) : notFound();
    }),
    http.get('*/api/v1/groups/:id/members/', ({ request }) => {
      const url = new URL(request.url);
      world.memberQueries?.push(url.searchParams);
      const status = url.searchParams.get('status');
      const role = url.searchParams.get('role');
      const verified = url.searchParams.get('is_verified');
      const search = url.searchParams.get('search')?.toLowerCase();
      const items = (world.members ?? []).filter(
        (member) =>
          (!status || member.membership_status === status) &&
          (!role || role.split(',').includes(member.membership_role ?? '')) &&
          (verified !== 'false' || !member.is_verified) &&
          (!search || member.name.toLowerCase().includes(search)),
      );
      return HttpResponse.json(paged(items));
    }),
    http.get('*/api/v1/groups/:id/', ({ params }) => {
      const found = world.groups.find((group) => group.id === Number(params.id));
      return found ? HttpResponse.json({ data: found }) : notFound();
    }),
    http.get('*/api/v1/circles/', ({ request }) => {
      const parent = Number(new URL(request.url).searchParams.get('parent_group'));
      return HttpResponse.json(paged(world.groups.filter((group) => group.group_type === 'circle' && group.parent_group === parent)));
    }),
    http.get('*/api/v1/events/', ({ request }) => {
      const parent = Number(new URL(request.url).searchParams.get('parent_group'));
      return HttpResponse.json(paged(world.groups.filter((group) => group.group_type === 'event' && group.parent_group === parent)));
    }),
    http.get('*/api/v1/options-config/', () => HttpResponse.json({ data: configFixture().options })),
  );
}

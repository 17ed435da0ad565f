// MSW handlers for the profile screens: a profile by slug and its lists, each overridable.
import { http, HttpResponse } from 'msw';
import { server } from '../../../test/server';
import { configFixture } from '../../../test/fixtures';
import type { OptionsConfig } from '../../../lib/profile/types';
import type { CareerEntry, Connection, ProfilePage, UserService } from '../api/types';
import { paged } from './fixtures';

export interface ProfileWorld {
  profiles: ProfilePage[];
  entries?: CareerEntry[];
  services?: UserService[];
  connections?: Connection[];
  /** GET /options-config/ (the edit dialog's lists); the fixture configuration's by default. */
  options?: OptionsConfig;
}

/** Answers the profile page, career entries, services, circles and connections calls from `world`. */
export function serveProfiles(world: ProfileWorld) {
  server.use(
    http.get('*/api/v1/users/profile/:slug/', ({ params }) => {
      const found = world.profiles.find((page) => page.profile.name_slug === params.slug);
      return found
        ? HttpResponse.json({ data: found })
        : HttpResponse.json({ detail: 'User not found.', message: 'User not found.' }, { status: 404 });
    }),
    http.get('*/api/v1/career-entries/', ({ request }) => {
      const url = new URL(request.url);
      const user = Number(url.searchParams.get('user'));
      const type = url.searchParams.get('type');
      const items = (world.entries ?? []).filter((entry) => entry.user === user && (!type || entry.type === type));
      return HttpResponse.json(paged(items));
    }),
    http.get('*/api/v1/users/:id/services/', ({ params }) =>
      HttpResponse.json(paged((world.services ?? []).filter((service) => service.user === Number(params.id)))),
    ),
    http.get('*/api/v1/users/:id/circles/', () => HttpResponse.json(paged([]))),
    http.get('*/api/v1/options-config/', () => HttpResponse.json({ data: world.options ?? configFixture().options })),
    http.get('*/api/v1/connections/user/:id/', ({ request }) => {
      const type = new URL(request.url).searchParams.get('type');
      return HttpResponse.json(paged((world.connections ?? []).filter((item) => !type || item.type === type)));
    }),
  );
}

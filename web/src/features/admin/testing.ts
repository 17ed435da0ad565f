// Test fixtures shared by the admin screens' tests.
import { identityFixture } from '../../test/fixtures';

/** A member who administers the site's organization (the admin area's guard lets them in). */
export const adminIdentity = identityFixture({
  organization: {
    id: 1,
    name: 'Waypoint Demo',
    name_slug: 'waypoint-demo',
    domain: 'localhost',
    membership_role: 'admin',
    membership_status: 'accepted',
  },
});

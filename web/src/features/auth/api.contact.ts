// The pending page's message to the site's administrators (spec 002 §2 "Pending / Rejected
// notice"; spec 000 §7 POST /contact-starleaders/). Apart from ./api.ts, which is in the
// sign-in pages' chunk group (build-plugins/chunkGroups.ts): the pending page is a shell page.
import { api, unwrap } from '../../lib/api/client';
import type { components } from '../../lib/api/schema';

export type ContactInput = components['schemas']['ContactInput'];
export type ContactAnswer = components['schemas']['ContactAnswer'];

export function sendContact(body: ContactInput): Promise<ContactAnswer> {
  return unwrap(api.POST('/api/v1/contact-starleaders/', { body }));
}

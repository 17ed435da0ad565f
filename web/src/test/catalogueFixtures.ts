// An AI tool as the server sends it (AiToolView), for the catalogue's and the admin's tests.
import type { components } from '../lib/api/schema';

type AiToolView = components['schemas']['AiToolView'];

export function aiToolFixture(overrides: Partial<AiToolView> = {}): AiToolView {
  return {
    id: 7,
    name: 'Draft Writer',
    slug: 'draft-writer',
    description: '<p>Writes drafts.</p>',
    group: 1,
    categories: ['writing', 'coding', 'research'],
    logo: null,
    logo_file_id: null,
    website: null,
    roles: [],
    use_cases: [],
    vote_score: 1499,
    user_vote_type: 'neutral',
    is_bookmarked: false,
    created_by: { id: 2 },
    status: 'approved',
    created_at: '2026-01-01T00:00:00Z',
    can_edit: false,
    can_moderate: null,
    ...overrides,
  };
}

// GET /invitation/{id}/.
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api/errors';
import { fetchInvitation } from '../../../lib/groups/invitations';

export function useInvitation(id: string) {
  return useQuery({
    queryKey: ['invitation', id],
    queryFn: ({ signal }) => fetchInvitation(id, signal),
    meta: { silent: true },
    // A missing invitation stays missing: no second try.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });
}

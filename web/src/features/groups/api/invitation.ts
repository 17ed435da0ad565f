// GET /invitation/{id}/.
import { useQuery } from '@tanstack/react-query';
import { fetchInvitation } from '../../../lib/groups/invitations';

export function useInvitation(id: string) {
  return useQuery({
    queryKey: ['invitation', id],
    queryFn: ({ signal }) => fetchInvitation(id, signal),
    meta: { silent: true },
  });
}

// A person's services: GET /api/v1/users/{id}/services/, and the owner's (or staff's)
// POST /api/v1/user-services/, PATCH|DELETE /api/v1/user-services/{id}/.
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/request';
import type { Paged, UserService } from './types';

export const SERVICES_PAGE_SIZE = 10;

export const servicesKey = (userId: number) => ['profile', 'services', userId] as const;

export function servicesQuery(userId: number) {
  return infiniteQueryOptions({
    queryKey: servicesKey(userId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<Paged<UserService>>('GET', `/api/v1/users/${userId}/services/`, {
        query: { page: pageParam, page_size: SERVICES_PAGE_SIZE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, page) => (last.pagination.next ? page + 1 : undefined),
  });
}

export function useServices(userId: number) {
  return useInfiniteQuery(servicesQuery(userId));
}

export interface ServiceBody {
  title: string;
  description: string | null;
  url: string | null;
}

export function useSaveService(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: ServiceBody }) => {
      const answer = id
        ? await apiRequest<{ data: UserService }>('PATCH', `/api/v1/user-services/${id}/`, { body })
        : await apiRequest<{ data: UserService }>('POST', '/api/v1/user-services/', { body });
      return answer.data;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: servicesKey(userId) }),
    meta: { silent: true },
  });
}

export function useDeleteService(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>('DELETE', `/api/v1/user-services/${id}/`),
    onSuccess: () => client.invalidateQueries({ queryKey: servicesKey(userId) }),
  });
}

// A person's services: GET /api/v1/users/{id}/services/, and the owner's (or staff's)
// POST /api/v1/user-services/, PATCH|DELETE /api/v1/user-services/{id}/.
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';

export const SERVICES_PAGE_SIZE = 10;

export const servicesKey = (userId: number) => ['profile', 'services', userId] as const;

export function servicesQuery(userId: number) {
  return infiniteQueryOptions({
    queryKey: servicesKey(userId),
    queryFn: ({ pageParam, signal }) =>
      unwrap(
        api.GET('/api/v1/users/{id}/services/', {
          params: { path: { id: userId }, query: { page: pageParam, page_size: SERVICES_PAGE_SIZE } },
          signal,
        }),
      ),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, page) => (last.pagination.next ? page + 1 : undefined),
  });
}

export function useServices(userId: number) {
  return useInfiniteQuery(servicesQuery(userId));
}

export type ServiceBody = components['schemas']['UserServiceInput'];

export function useSaveService(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: ServiceBody }) => {
      const answer = id
        ? await unwrap(api.PATCH('/api/v1/user-services/{id}/', { params: { path: { id } }, body }))
        : await unwrap(api.POST('/api/v1/user-services/', { body }));
      return answer.data;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: servicesKey(userId) }),
    meta: { silent: true },
  });
}

export function useDeleteService(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/api/v1/user-services/{id}/', { params: { path: { id } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: servicesKey(userId) }),
  });
}

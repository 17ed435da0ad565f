// The form's lists: GET /circle-types/ and GET /sdgs/.
import { useQuery } from '@tanstack/react-query';
import { fetchCircleTypes, fetchSdgs } from '../../../lib/groups/groups';

export function useCircleTypes(enabled: boolean) {
  return useQuery({
    queryKey: ['circle-types'],
    queryFn: ({ signal }) => fetchCircleTypes(signal),
    staleTime: 5 * 60 * 1000,
    enabled,
    meta: { silent: true },
  });
}

export function useSdgs() {
  return useQuery({
    queryKey: ['sdgs'],
    queryFn: ({ signal }) => fetchSdgs(signal),
    staleTime: 5 * 60 * 1000,
    meta: { silent: true },
  });
}

// Use cases for the use-case selection and the circles page's chip: GET /use-cases/ with
// search (2+ characters), ids (a comma list), page and page_size; the answer is
// {data: [{id, slug, title, description, thumbnail_image}], pagination: {count, next}}.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import { compact, type QueryOf } from './params';
import type { Paged, UseCase } from './types';

export const USE_CASES_PAGE_SIZE = 12;

type UseCasesParams = QueryOf<'list_use_cases'>;

async function fetchUseCases(query: UseCasesParams, signal: AbortSignal): Promise<Paged<UseCase>> {
  return unwrap(api.GET('/api/v1/use-cases/', { params: { query }, signal }));
}

/** One page of use cases, optionally searched. Errors are the page's to show (silent: no toast). */
export function useCasesQuery({ search, page }: { search: string | null; page: number }) {
  const query = compact<UseCasesParams>({ search, page, page_size: USE_CASES_PAGE_SIZE });
  return queryOptions({
    queryKey: ['discover', 'use-cases', query],
    queryFn: ({ signal }) => fetchUseCases(query, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

export function useUseCases(search: string | null, page: number) {
  return useQuery(useCasesQuery({ search, page }));
}

/** The use cases with these ids (GET /use-cases/?ids=1,2). */
export function useCasesByIdsQuery(ids: readonly number[]) {
  const query: UseCasesParams = { ids: ids.join(','), page_size: Math.max(ids.length, 1) };
  return queryOptions({
    queryKey: ['discover', 'use-cases', 'ids', query.ids],
    queryFn: ({ signal }) => fetchUseCases(query, signal),
    staleTime: 5 * 60 * 1000,
    meta: { silent: true },
  });
}

/** The use case of an id from the address (usecase_id), or null while unknown. */
export function useUseCase(id: string | null) {
  const number = id && /^\d+$/.test(id) ? Number(id) : null;
  return useQuery({
    ...useCasesByIdsQuery(number === null ? [] : [number]),
    enabled: number !== null,
    select: (answer) => answer.data.find((item) => item.id === number) ?? null,
  });
}

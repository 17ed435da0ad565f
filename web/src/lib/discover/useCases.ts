// Approved use cases for the use-case selection (GET /use-cases/?status=approved). The call
// may not exist yet on a server: a 404 reads as "none yet".
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/request';
import { ApiError } from '../api/errors';
import type { Paged, UseCase } from './types';

export const USE_CASES_PAGE_SIZE = 12;

export function useCasesQuery(page: number) {
  return queryOptions({
    queryKey: ['discover', 'use-cases', page],
    queryFn: async ({ signal }): Promise<Paged<UseCase>> => {
      try {
        return await apiRequest<Paged<UseCase>>('GET', '/api/v1/use-cases/', {
          query: { status: 'approved', page, page_size: USE_CASES_PAGE_SIZE },
          signal,
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { data: [], pagination: { count: 0, next: null } };
        throw error;
      }
    },
    placeholderData: keepPreviousData,
  });
}

export function useUseCases(page: number) {
  return useQuery(useCasesQuery(page));
}

// The title of the chosen use case, remembered for the circles page's chip.
const TITLE_KEY = 'usecase_titles';

export function rememberUseCaseTitle(id: number, title: string): void {
  try {
    const titles = JSON.parse(sessionStorage.getItem(TITLE_KEY) ?? '{}') as Record<string, string>;
    titles[String(id)] = title;
    sessionStorage.setItem(TITLE_KEY, JSON.stringify(titles));
  } catch {
    // storage unavailable: the chip shows the id
  }
}

export function rememberedUseCaseTitle(id: string): string | null {
  try {
    const titles = JSON.parse(sessionStorage.getItem(TITLE_KEY) ?? '{}') as Record<string, string>;
    return titles[id] ?? null;
  } catch {
    return null;
  }
}

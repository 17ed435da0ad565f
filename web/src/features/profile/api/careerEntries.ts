// Career entries (work and education): GET|POST /api/v1/career-entries/,
// PATCH|DELETE /api/v1/career-entries/{id}/ (docs/decisions.md "Career entries").
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';
import { PROFILE_PAGE_KEY } from '../../../lib/profile/updateProfile';
import type { CareerEntry, EntryType } from './types';

export const ENTRIES_PAGE_SIZE = 10;

export const careerEntriesKey = (userId: number) => ['profile', 'career-entries', userId] as const;

export function careerEntriesQuery(userId: number, type: EntryType) {
  return infiniteQueryOptions({
    queryKey: [...careerEntriesKey(userId), type],
    queryFn: ({ pageParam, signal }) =>
      unwrap(
        api.GET('/api/v1/career-entries/', {
          params: { query: { user: userId, type, page: pageParam, page_size: ENTRIES_PAGE_SIZE } },
          signal,
        }),
      ),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, page) => (last.pagination.next ? page + 1 : undefined),
  });
}

export function useCareerEntries(userId: number, type: EntryType) {
  return useInfiniteQuery(careerEntriesQuery(userId, type));
}

/** The body of a create or update (spec 002 §3 "Career entry"). */
export interface CareerEntryBody {
  type: EntryType;
  title: string;
  /** An institution id, or the name of a new one. */
  group: number | string;
  description: string;
  /** Skill ids, or names of new skills. */
  skills: (number | { name: string })[];
  is_currently_working: boolean;
  start_date: string;
  end_date: string | null;
  show_gps: boolean;
}

// SCHEMA-GAP: POST /api/v1/career-entries/, PATCH /api/v1/career-entries/{id}/ group and skills:
// the document types them as empty objects; the server takes an id, a name or {id}|{name}
// (serde_json::Value in crates/domain/src/profiles.rs CareerEntryInput). CareerEntryBody is
// the honest shape until the document says so.
type EntryInput = components['schemas']['CareerEntryInput'];

export async function saveCareerEntry(id: number | null, body: CareerEntryBody): Promise<CareerEntry> {
  const input = body as unknown as EntryInput;
  const answer = id
    ? await unwrap(api.PATCH('/api/v1/career-entries/{id}/', { params: { path: { id } }, body: input }))
    : await unwrap(api.POST('/api/v1/career-entries/', { body: input }));
  return answer.data;
}

/** Entries feed the lists, the profile page (completion, work_experiences) and the identity. */
function useRefreshAfterEntryChange(userId: number) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: careerEntriesKey(userId) }),
      client.invalidateQueries({ queryKey: PROFILE_PAGE_KEY }),
      client.invalidateQueries({ queryKey: ['identity'] }),
    ]);
}

/** Create or update; the form places field errors itself. */
export function useSaveCareerEntry(userId: number) {
  const refresh = useRefreshAfterEntryChange(userId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CareerEntryBody }) => saveCareerEntry(id, body),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

export function useDeleteCareerEntry(userId: number) {
  const refresh = useRefreshAfterEntryChange(userId);
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/api/v1/career-entries/{id}/', { params: { path: { id } } })),
    onSuccess: refresh,
  });
}

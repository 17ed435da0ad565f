// Circle leaders, the leader certification questions and leader applications
// (the groups API contract (now in openapi.json) "Calls"; spec 002 §7).
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import { compact, type LeadersParams, type Loose } from './params';
import type { CircleLeader, LeaderApplication, Paged, Question } from './types';

/** GET /circle-leaders/?… (see params.ts leadersQuery). */
export function circleLeadersQuery(query: Loose<LeadersParams>) {
  const params = compact<LeadersParams>(query);
  return queryOptions({
    queryKey: ['discover', 'circle-leaders', params],
    queryFn: async ({ signal }): Promise<Paged<CircleLeader>> =>
      unwrap(api.GET('/api/v1/circle-leaders/', { params: { query: params }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useCircleLeaders(query: Loose<LeadersParams>) {
  return useQuery(circleLeadersQuery(query));
}

/** GET /leader-certification-questions/ → [Question]. */
export const certificationQuestionsQuery = queryOptions({
  queryKey: ['discover', 'leader-certification-questions'],
  queryFn: async ({ signal }) => {
    const questions = (await unwrap(api.GET('/api/v1/leader-certification-questions/', { signal }))).data;
    // SCHEMA-GAP: GET /api/v1/leader-certification-questions/ Question.type is documented as a
    // plain string; the server sends text, textarea, radio, selection or file.
    return questions as Question[];
  },
  meta: { silent: true },
});

export function useCertificationQuestions(enabled: boolean) {
  return useQuery({ ...certificationQuestionsQuery, enabled });
}

export const leaderApplicationsKey = ['discover', 'leader-applications'] as const;

/** GET /leader-applications/ → the caller's applications. */
export function useLeaderApplications(enabled: boolean) {
  return useQuery({
    queryKey: leaderApplicationsKey,
    queryFn: async ({ signal }): Promise<LeaderApplication[]> =>
      (await unwrap(api.GET('/api/v1/leader-applications/', { signal }))).data,
    enabled,
    meta: { silent: true },
  });
}

/** The most recent application, or null. */
export function latestApplication(applications: readonly LeaderApplication[] | undefined): LeaderApplication | null {
  if (!applications?.length) return null;
  return [...applications].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id))[0] ?? null;
}

/** POST /leader-applications/ {response: {questionId: answer}}. */
export function useSubmitLeaderApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (response: Record<string, string>): Promise<{ data: LeaderApplication }> =>
      unwrap(api.POST('/api/v1/leader-applications/', { body: { response } })),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: leaderApplicationsKey });
      void client.invalidateQueries({ queryKey: certificationQuestionsQuery.queryKey });
    },
    meta: { silent: true },
  });
}

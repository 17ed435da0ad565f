// CareerGPS calls (spec 002 §7 "agents/…"): an agent, its steps, the reports and their feedback.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api/errors';
import { apiRequest } from '../../lib/api/request';
import { useSessionVersion } from '../../lib/auth/session';
import type { components } from '../../lib/api/schema';

type Schemas = components['schemas'];
export type AgentView = Schemas['AgentView'];
export type AgentStep = Schemas['Step'];
export type FormQuestion = Schemas['FormQuestion'];
export type ProcessAnswer = Schemas['ProcessAnswer'];
export type ReportView = Schemas['ReportView'];
export type ReportBody = Schemas['ReportBody'];
export type ReportSection = Schemas['Section'];
export type ReportItem = Schemas['ReportItem'];
export type ReportSummary = Schemas['ReportSummary'];
export type ShareState = Schemas['ShareState'];
export type ReportFeedbackAnswer = Schemas['ReportFeedbackAnswer'];

/** Reports per page of the own list (spec 002 "reports 10 (own)"). */
export const REPORTS_PAGE_SIZE = 10;

/** One retry, but not of an answer the server gave on purpose (a 4xx such as 404). */
function retryOnce(count: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return count < 1;
}

// The agent's view depends on who asks (visitor or member flow, the open run): one entry per session.
const agentKey = (slug: string, session: number) => ['agents', 'slug', slug, session] as const;
const reportKey = (slug: string) => ['agent-report', slug] as const;
const REPORTS_KEY = ['agent-reports'] as const;

/** GET agents/slug/{slug}/. */
export function useAgent(slug: string, enabled: boolean) {
  const session = useSessionVersion();
  return useQuery({
    queryKey: agentKey(slug, session),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: AgentView }>('GET', `/api/v1/agents/slug/${encodeURIComponent(slug)}/`, { signal })).data,
    enabled,
    retry: retryOnce,
    meta: { silent: true },
  });
}

export interface ProcessStep {
  agentId: number;
  order: number;
  userResponse: unknown;
}

/** POST agents/process/{agent}/{step}/ with the step's answers. */
export function useProcessStep() {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async ({ agentId, order, userResponse }: ProcessStep) =>
      (
        await apiRequest<{ data: ProcessAnswer }>('POST', `/api/v1/agents/process/${agentId}/${order}/`, {
          body: { user_response: userResponse ?? null },
        })
      ).data,
    onSuccess: (answer) => {
      if (answer.report_slug) void client.invalidateQueries({ queryKey: REPORTS_KEY });
    },
  });
}

/** GET agents/report/slug/{slug}/ (everything for the owner, the shared body for others). */
export function useReport(slug: string) {
  return useQuery({
    queryKey: reportKey(slug),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: ReportView }>('GET', `/api/v1/agents/report/slug/${encodeURIComponent(slug)}/`, { signal }))
        .data,
    retry: retryOnce,
    meta: { silent: true },
  });
}

export interface ReportsPage {
  data: ReportSummary[];
  pagination: { count: number; next?: string | null };
}

/** GET agents/reports/: the caller's reports, 10 a page. */
export function useReports(page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...REPORTS_KEY, page],
    queryFn: async ({ signal }) =>
      apiRequest<ReportsPage>('GET', '/api/v1/agents/reports/', {
        query: { page, page_size: REPORTS_PAGE_SIZE },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
    retry: retryOnce,
    meta: { silent: true },
  });
}

/** POST agents/report/slug/{slug}/share/ {is_public: true}. */
export function useShareReport() {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (slug: string) =>
      (
        await apiRequest<{ data: ShareState }>('POST', `/api/v1/agents/report/slug/${encodeURIComponent(slug)}/share/`, {
          body: { is_public: true },
        })
      ).data,
    onSuccess: (state) => {
      void client.invalidateQueries({ queryKey: reportKey(state.slug) });
      void client.invalidateQueries({ queryKey: REPORTS_KEY });
    },
  });
}

export interface ReportFeedback {
  response_id: number;
  rating: number;
  feedback: string;
}

/** POST agents/feedback/: the stars and comment on a report; answers with the thank-you message. */
export function useReportFeedback() {
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: ReportFeedback) =>
      apiRequest<ReportFeedbackAnswer>('POST', '/api/v1/agents/feedback/', { body }),
  });
}

/** The public address of a report. */
export function reportUrl(slug: string): string {
  return `${window.location.origin}/careergps-report/${slug}`;
}

/** Where "Try CareerGPS" and "Take CareerGPS" lead until the CareerGPS home exists: the AI Readiness Assessment. */
export const CAREERGPS_START = '/careergps/aira';

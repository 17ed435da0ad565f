// CareerGPS calls (spec 002 §7 "agents/…"): an agent, its steps, the reports and their feedback.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api/errors';
import { api, unwrap } from '../../lib/api/client';
import { downloadFile } from '../../lib/api/download';
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

/** GET group-recommendations/: the circles and events recommended to the caller (the group checklist step). */
export async function fetchGroupRecommendations(signal?: AbortSignal) {
  return (await unwrap(api.GET('/api/v1/group-recommendations/', { signal }))).data;
}

/** POST register-career-gps/: a guest's personal information; the answer carries the new session's tokens. */
export function registerCareerGps(body: Schemas['CareerGpsRequest']) {
  return unwrap(api.POST('/api/v1/register-career-gps/', { body }));
}

/** The report as a PDF rendered on the server, saved as `{slug}.pdf` (owner only). */
export function downloadReportPdf(slug: string): Promise<void> {
  return downloadFile(`/api/v1/agents/report/slug/${encodeURIComponent(slug)}/pdf/`, `${slug}.pdf`, {}, 'application/pdf');
}

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
    queryFn: async ({ signal }) => {
      return (await unwrap(api.GET('/api/v1/agents/slug/{slug}/', { params: { path: { slug } }, signal }))).data;
    },
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
    mutationFn: async ({ agentId, order, userResponse }: ProcessStep) => {
      // SCHEMA-GAP: POST /api/v1/agents/process/{agent}/{step}/ user_response: documented as an
      // object (generated as an empty one); the server takes any JSON (serde_json::Value in
      // ProcessInput, crates/api/src/areas/agents/process.rs): {question id: answer} for a form,
      // a list of ids for a checklist, null for the report step.
      const body = { user_response: userResponse ?? null } as unknown as Schemas['ProcessInput'];
      const answer = await unwrap(
        api.POST('/api/v1/agents/process/{agent}/{step}/', { params: { path: { agent: agentId, step: order } }, body }),
      );
      return answer.data;
    },
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
      (await unwrap(api.GET('/api/v1/agents/report/slug/{slug}/', { params: { path: { slug } }, signal }))).data,
    retry: retryOnce,
    meta: { silent: true },
  });
}

export type ReportsPage = Schemas['Page_ReportSummary'];

/** GET agents/reports/: the caller's reports, 10 a page. */
export function useReports(page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...REPORTS_KEY, page],
    queryFn: async ({ signal }) => {
      return unwrap(
        api.GET('/api/v1/agents/reports/', { params: { query: { page, page_size: REPORTS_PAGE_SIZE } }, signal }),
      );
    },
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
      (await unwrap(api.POST('/api/v1/agents/report/slug/{slug}/share/', { params: { path: { slug } }, body: { is_public: true } })))
        .data,
    onSuccess: (state) => {
      void client.invalidateQueries({ queryKey: reportKey(state.slug) });
      void client.invalidateQueries({ queryKey: REPORTS_KEY });
    },
  });
}

export type ReportFeedback = Schemas['ReportFeedbackInput'];

/** POST agents/feedback/: the stars and comment on a report; answers with the thank-you message. */
export function useReportFeedback() {
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: ReportFeedback): Promise<ReportFeedbackAnswer> =>
      unwrap(api.POST('/api/v1/agents/feedback/', { body })),
  });
}

/** The public address of a report. */
export function reportUrl(slug: string): string {
  return `${window.location.origin}/careergps-report/${slug}`;
}

/** Where "Try CareerGPS" and "Take CareerGPS" lead until the CareerGPS home exists: the AI Readiness Assessment. */
export const CAREERGPS_START = '/careergps/aira';

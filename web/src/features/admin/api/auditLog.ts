// GET /audit-log/?entity_type=&entity_id=: one member's or item's history of admin actions,
// newest first, 10 a page.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/request';
import { ADMIN_KEY } from './metrics';

export type AuditEntityType = 'user' | 'job' | 'resource' | 'ai_tool' | 'use_case';

export interface AuditEntry {
  id: number;
  action: string;
  entity_type: string;
  entity_id: number;
  reason?: string | null;
  details?: Record<string, unknown> | null;
  actor_id?: number | null;
  actor_name?: string | null;
  created_at: string;
}

export interface AuditPage {
  data: AuditEntry[];
  pagination: { count: number; next?: string | null };
}

export const AUDIT_PAGE_SIZE = 10;

export function auditLogQuery(entityType: AuditEntityType, entityId: number, page: number) {
  return queryOptions({
    queryKey: [...ADMIN_KEY, 'audit', entityType, entityId, page],
    queryFn: ({ signal }) =>
      apiRequest<AuditPage>('GET', '/api/v1/audit-log/', {
        query: { entity_type: entityType, entity_id: entityId, page, page_size: AUDIT_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

export function useAuditLog(entityType: AuditEntityType, entityId: number, page: number, enabled: boolean) {
  return useQuery({ ...auditLogQuery(entityType, entityId, page), enabled });
}

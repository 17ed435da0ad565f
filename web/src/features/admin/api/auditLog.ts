// GET /audit-log/?entity_type=&entity_id=: one member's or item's history of admin actions,
// newest first, 10 a page.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';
import { ADMIN_KEY } from './metrics';

export type AuditEntityType = 'user' | 'job' | 'resource' | 'ai_tool' | 'use_case';

export type AuditEntry = components['schemas']['AuditEntry'];
export type AuditPage = components['schemas']['Page_AuditEntry'];

export const AUDIT_PAGE_SIZE = 10;

interface AuditQuery {
  entity_type: AuditEntityType;
  entity_id: number;
  page: number;
  page_size: number;
}

async function fetchAuditLog(query: AuditQuery, signal: AbortSignal): Promise<AuditPage> {
  return unwrap(api.GET('/api/v1/audit-log/', { params: { query }, signal }));
}

export function auditLogQuery(entityType: AuditEntityType, entityId: number, page: number) {
  return queryOptions({
    queryKey: [...ADMIN_KEY, 'audit', entityType, entityId, page],
    queryFn: ({ signal }) =>
      fetchAuditLog({ entity_type: entityType, entity_id: entityId, page, page_size: AUDIT_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

export function useAuditLog(entityType: AuditEntityType, entityId: number, page: number, enabled: boolean) {
  return useQuery({ ...auditLogQuery(entityType, entityId, page), enabled });
}

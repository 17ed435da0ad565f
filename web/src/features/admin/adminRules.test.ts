import { describe, expect, it } from 'vitest';
import { agentResponseParam, readPageSize, readTab, tabQuery, todos, verificationLabel, visibleFilters } from './adminRules';

describe('admin rules', () => {
  it('labels verification as the spec says', () => {
    expect(verificationLabel('accepted')).toBe('Authentic');
    expect(verificationLabel('reject')).toBe('Suspicious');
    expect(verificationLabel('pending')).toBe('Pending Verification');
    expect(verificationLabel('review')).toBe('Pending Verification');
    expect(verificationLabel(null)).toBeNull();
  });

  it('reads tabs and page sizes with their defaults', () => {
    expect(readTab('unverified')).toBe('unverified');
    expect(readTab('gone')).toBe('accepted');
    expect(tabQuery('unverified')).toEqual({ status: 'accepted', is_verified: false });
    expect(readPageSize('500')).toBe(500);
    expect(readPageSize('7')).toBe(50);
    expect(readPageSize(null)).toBe(50);
    expect(visibleFilters(true)).toBe(3);
    expect(visibleFilters(false)).toBe(7);
  });

  it('builds agent_response only from what is chosen', () => {
    expect(agentResponseParam(null, null)).toBeUndefined();
    expect(JSON.parse(agentResponseParam('reject', null) ?? '')).toEqual({ action: 'reject' });
    expect(JSON.parse(agentResponseParam('accept', 'high') ?? '')).toEqual({ action: 'accept', ai_enthusiasm_level: 'high' });
  });

  it('links every to-do to its pending tab, jobs only with the job menu', () => {
    const metrics = {
      total_members: 1,
      total_circles: 1,
      total_events: 0,
      total_jobs: 1,
      total_pending_members: 2,
      pending_members_count: 2,
      total_pending_jobs: 1,
      total_pending_resources: 0,
      total_pending_ai_tools: 0,
      total_pending_use_cases: 0,
    };
    expect(todos(metrics, true).map((t) => t.to)).toEqual([
      '/admin-dashboard/members?status=pending',
      '/admin-dashboard/jobs?status=pending',
      '/admin-dashboard/resources?status=pending',
      '/admin-dashboard/ai-tools?status=pending',
      '/admin-dashboard/usecases?status=pending',
    ]);
    expect(todos(metrics, false).map((t) => t.kind)).not.toContain('jobs');
    expect(todos(metrics, true)[2]?.count).toBe(0);
  });
});

// The CareerGPS home's own call, apart from api.ts so the home's first load stays light (issue 30's budget).
import { api, unwrap } from '../../lib/api/client';
import type { AgentView } from './api';

/** GET agents/?agent_type=…: the site's agents of one type. */
export async function fetchAgentsOfType(agentType: string, signal?: AbortSignal): Promise<AgentView[]> {
  return (await unwrap(api.GET('/api/v1/agents/', { params: { query: { agent_type: agentType } }, signal }))).data;
}

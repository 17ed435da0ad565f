// Staff tools on an agent (spec 002 §4 "Staff see agent user-prompt configuration … and the agent
// log (viewable and downloadable as JSON)"): PATCH agents/{id}/ (prompts) and the log download.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { downloadFile } from '../../../../lib/api/download';
import { api, unwrap } from '../../../../lib/api/client';
import type { components } from '../../../../lib/api/schema';

type Schemas = components['schemas'];
export type AgentPromptOption = Schemas['AgentPrompt'];
export type PromptsAnswer = Schemas['PromptsAnswer'];

export interface PromptsChange {
  agentId: number;
  prompts: AgentPromptOption[];
  steps: Schemas['StepPrompt'][];
}

/** PATCH agents/{id}/ with the prompt options and each step's prompt; refreshes the agent. */
export function useUpdateAgentPrompts() {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async ({ agentId, prompts, steps }: PromptsChange) =>
      unwrap(api.PATCH('/api/v1/agents/{id}/', { params: { path: { id: agentId } }, body: { extra_info: { prompts }, steps } })),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['agents'] }),
  });
}

/** Saves the agent log (GET agents/{id}/log/?download=1) as `{slug}-log.json`. */
export function downloadAgentLog(agentId: number, slug: string): Promise<void> {
  return downloadFile(`/api/v1/agents/${agentId}/log/`, `${slug}-log.json`, { download: 1 }, 'application/json');
}

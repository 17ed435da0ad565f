import { Alert, Box, Button, Card, CardActions, CardContent, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import VoteButton from '../../../components/reactions/VoteButton';
import type { VoteAnswer } from '../../../lib/reactions/votes';
import type { AgentView } from '../api';
import { fetchAgentsOfType } from '../api.home';

const TYPE_HEADINGS: Record<string, string> = {
  career_assistant: 'Advance your career with the career assistant',
  careergps: 'CareerGPS agents',
};

const listKey = (agentType: string) => ['agents', 'list', agentType] as const;

/** GET agents/?agent_type=…: the site's agents of one type. */
function useAgentsOfType(agentType: string) {
  return useQuery({
    queryKey: listKey(agentType),
    queryFn: ({ signal }) => fetchAgentsOfType(agentType, signal),
    meta: { silent: true },
  });
}

/** The agents of the type the home was opened with (`/careergps?agent_type=career_assistant`). */
export default function AgentCards({ agentType }: { agentType: string }) {
  const agents = useAgentsOfType(agentType);
  const client = useQueryClient();
  const voted = (id: number) => (answer: VoteAnswer) =>
    client.setQueryData<AgentView[]>(listKey(agentType), (list) =>
      list?.map((agent) =>
        agent.id === id ? { ...agent, vote_score: answer.total_score, user_vote_type: answer.user_vote } : agent,
      ),
    );
  const heading = TYPE_HEADINGS[agentType] ?? 'Agents';
  return (
    <Box component="section" aria-labelledby="agent-cards-title" sx={{ mb: 4 }}>
      <Typography id="agent-cards-title" component="h2" variant="h5" gutterBottom>
        {heading}
      </Typography>
      {agents.isPending ? <Skeleton variant="rounded" height={120} /> : null}
      {agents.isError ? <Alert severity="error">Could not load the agents.</Alert> : null}
      {agents.isSuccess && agents.data.length === 0 ? <Alert severity="info">No agents found</Alert> : null}
      <Stack spacing={2}>
        {(agents.data ?? []).map((agent) => (
          <Card key={agent.id} variant="outlined">
            <CardContent>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                <Typography component="h3" variant="h6">
                  {agent.name}
                </Typography>
                {agent.is_premium ? <Chip size="small" color="secondary" label="Premium" /> : null}
              </Stack>
              {agent.description ? <Typography color="text.secondary">{agent.description}</Typography> : null}
            </CardContent>
            <CardActions sx={{ px: 2, pb: 2, justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}>
              <Button variant="contained" component={RouterLink} to={`/careergps/${agent.slug}`}>
                Start {agent.name}
              </Button>
              <VoteButton kind="agentbuilder" item={agent} onVoted={voted(agent.id)} />
            </CardActions>
          </Card>
        ))}
      </Stack>
    </Box>
  );
}

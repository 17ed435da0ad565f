import { useState } from 'react';
import { IconButton, Stack, SvgIcon, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { pathWithNext } from '../../lib/auth/next';
import { useIdentity } from '../../lib/auth/identity';
import { useSnackbar } from '../../lib/snackbar';
import type { VoteKind } from '../../lib/queryKeys';
import { castVote, writeVote, type VoteAnswer } from '../../lib/reactions/votes';
import { abbreviateCount, asVoteState, nextVote, scoreDelta, type VoteState } from '../../lib/reactions/voteRules';

interface Props {
  kind: VoteKind;
  item: { id: number; vote_score: number; user_vote_type: string; name?: string; title?: string };
  /** Writes the answer into caches the catalogue does not know (its own lists are written anyway). */
  onVoted?: (answer: VoteAnswer) => void;
}

/** One direction's button: pressed when the vote is in that direction; the click stays off the card it sits on. */
function DirectionButton({ up, pressed, onClick }: { up: boolean; pressed: boolean; onClick: () => void }) {
  return (
    <IconButton
      size="small"
      aria-label={up ? 'Upvote' : 'Downvote'}
      aria-pressed={pressed}
      color={pressed ? (up ? 'primary' : 'error') : 'default'}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        onClick();
      }}
    >
      <SvgIcon fontSize="small">
        <path d={up ? 'M4 14h4v7h8v-7h4L12 3z' : 'M20 10h-4V3H8v7H4l8 11z'} />
      </SvgIcon>
    </IconButton>
  );
}

/**
 * The vote button (spec 002 §4): up, down, or back to neutral by clicking the active direction;
 * the score moves at once by ±1 or ±2 and the server's answer is written to every cached list
 * and page. Guests go to /login?next=…; on error 'Something went wrong' and the vote resets to
 * neutral.
 */
export default function VoteButton({ kind, item, onVoted }: Props) {
  const { signedIn } = useIdentity();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const client = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [shown, setShown] = useState<{ state: VoteState; score: number } | null>(null);
  const state = shown?.state ?? asVoteState(item.user_vote_type);
  const score = shown?.score ?? item.vote_score;
  const vote = useMutation({
    mutationFn: (next: VoteState) => castVote(kind, item.id, next),
    meta: { silent: true },
    onSuccess: (answer) => {
      writeVote(client, kind, item.id, answer);
      onVoted?.(answer);
      setShown(null);
    },
    onError: () => {
      enqueueSnackbar('Something went wrong', { variant: 'error' });
      setShown({ state: 'neutral', score: item.vote_score - scoreDelta('neutral', asVoteState(item.user_vote_type)) });
    },
  });
  const click = (direction: 'upvote' | 'downvote') => {
    if (!signedIn) {
      void navigate(pathWithNext('/login', `${pathname}${search}`));
      return;
    }
    const next = nextVote(state, direction);
    setShown({ state: next, score: score + scoreDelta(state, next) });
    vote.mutate(next);
  };
  const label = item.name ?? item.title ?? 'this item';
  return (
    <Stack direction="row" sx={{ alignItems: 'center' }} role="group" aria-label={`Votes for ${label}`}>
      <DirectionButton up pressed={state === 'upvote'} onClick={() => click('upvote')} />
      <Typography variant="body2" sx={{ minWidth: 28, textAlign: 'center', fontWeight: 600 }} aria-label="Score" data-testid="vote-score">
        {abbreviateCount(score)}
      </Typography>
      <DirectionButton up={false} pressed={state === 'downvote'} onClick={() => click('downvote')} />
    </Stack>
  );
}

// The vote button's rules (spec 002 §4 "Vote button", §9): three states, the score's change on
// each click, and counts abbreviated with k and M to one decimal.

export type VoteState = 'upvote' | 'downvote' | 'neutral';

/** The state after clicking `clicked` in `current`: the active direction goes back to neutral. */
export function nextVote(current: VoteState, clicked: 'upvote' | 'downvote'): VoteState {
  return current === clicked ? 'neutral' : clicked;
}

function weight(state: VoteState): number {
  return state === 'upvote' ? 1 : state === 'downvote' ? -1 : 0;
}

/** The score's change from `from` to `to`: ±1 to or from neutral, ±2 between directions. */
export function scoreDelta(from: VoteState, to: VoteState): number {
  return weight(to) - weight(from);
}

function oneDecimal(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}

/** 999 → '999', 1500 → '1.5k', 2000000 → '2M', −1200 → '-1.2k'. */
export function abbreviateCount(count: number): string {
  const size = Math.abs(count);
  const sign = count < 0 ? '-' : '';
  if (size >= 1_000_000) return `${sign}${oneDecimal(size / 1_000_000)}M`;
  if (size >= 1_000) return `${sign}${oneDecimal(size / 1_000)}k`;
  return String(count);
}

export function asVoteState(value: string | null | undefined): VoteState {
  return value === 'upvote' || value === 'downvote' ? value : 'neutral';
}

import { describe, expect, it } from 'vitest';
import { abbreviateCount, asVoteState, nextVote, scoreDelta } from './voteRules';

describe('vote button rules', () => {
  it('toggles back to neutral on the active direction and switches otherwise', () => {
    expect(nextVote('neutral', 'upvote')).toBe('upvote');
    expect(nextVote('upvote', 'upvote')).toBe('neutral');
    expect(nextVote('upvote', 'downvote')).toBe('downvote');
    expect(nextVote('downvote', 'downvote')).toBe('neutral');
  });

  it('moves the score by one to or from neutral and by two between directions', () => {
    expect(scoreDelta('neutral', 'upvote')).toBe(1);
    expect(scoreDelta('upvote', 'neutral')).toBe(-1);
    expect(scoreDelta('upvote', 'downvote')).toBe(-2);
    expect(scoreDelta('downvote', 'upvote')).toBe(2);
    expect(scoreDelta('downvote', 'neutral')).toBe(1);
  });

  it('abbreviates counts with k and M to one decimal', () => {
    expect(abbreviateCount(0)).toBe('0');
    expect(abbreviateCount(999)).toBe('999');
    expect(abbreviateCount(1000)).toBe('1k');
    expect(abbreviateCount(1550)).toBe('1.6k');
    expect(abbreviateCount(2_000_000)).toBe('2M');
    expect(abbreviateCount(1_250_000)).toBe('1.3M');
    expect(abbreviateCount(-1200)).toBe('-1.2k');
    expect(abbreviateCount(-2)).toBe('-2');
  });

  it('reads unknown vote names as neutral', () => {
    expect(asVoteState('upvote')).toBe('upvote');
    expect(asVoteState(null)).toBe('neutral');
    expect(asVoteState('sideways')).toBe('neutral');
  });
});

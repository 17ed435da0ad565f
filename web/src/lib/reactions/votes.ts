// Votes (spec 002 §4 "Vote button"): POST /vote/, and writing its answer into every cached
// list and page of the kind.
import type { QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import type { components } from '../api/schema';
import { CATALOGUE_KEY, itemKey, listKey, type VoteKind } from '../queryKeys';

export type VoteAnswer = components['schemas']['VoteAnswer'];

export function castVote(kind: VoteKind, id: number, voteType: string) {
  return unwrap(api.POST('/api/v1/vote/', { body: { content_type: kind, object_id: id, vote_type: voteType } }));
}

interface Votable {
  id: number;
  vote_score: number;
  user_vote_type: string;
}

interface VotablePage {
  data: Votable[];
}

/** Writes a vote's answer into every cached list and page of the kind (spec 002 §4). */
export function writeVote(client: QueryClient, kind: VoteKind, id: number, answer: VoteAnswer) {
  const patch = <T extends Votable>(item: T): T =>
    item.id === id ? { ...item, vote_score: answer.total_score, user_vote_type: answer.user_vote } : item;
  client.setQueriesData<VotablePage>({ queryKey: listKey(kind) }, (page) =>
    page ? { ...page, data: page.data.map(patch) } : page,
  );
  client.setQueriesData<VotablePage>({ queryKey: [...CATALOGUE_KEY, kind, 'favourites'] }, (page) =>
    page ? { ...page, data: page.data.map(patch) } : page,
  );
  client.setQueriesData<Votable>({ queryKey: itemKey(kind) }, (item) => (item ? patch(item) : item));
}

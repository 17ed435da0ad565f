// The query-key roots that more than one area reads or refreshes: a vote or a bookmark
// rewrites or refreshes the lists and pages of the catalogue, the Resource Hub, career tips,
// CareerGPS agents, groups and the circles and events lists.

/** The catalogue's lists and pages (and career tips' and agents', which take votes the same way). */
export const CATALOGUE_KEY = ['catalogue'] as const;
/** Posts, resources and the other contents. */
export const CONTENT_KEY = ['contents'] as const;
/** Groups by slug or id and their tabs. */
export const GROUPS_KEY = ['groups'] as const;
/** The circle and event lists and pages (`lib/discover/groups`). */
export const DISCOVER_KEY = ['discover'] as const;

export type Kind = 'aitool' | 'usecase';
/** What takes votes: the catalogue's kinds, career tips and CareerGPS agents (`agentbuilder`). */
export type VoteKind = Kind | 'careertip' | 'agentbuilder';

/** Lists and pages of a kind live under one key, so a vote or a bookmark refreshes or rewrites both. */
export const listKey = (kind: VoteKind) => [...CATALOGUE_KEY, kind, 'list'] as const;
export const itemKey = (kind: VoteKind) => [...CATALOGUE_KEY, kind, 'item'] as const;

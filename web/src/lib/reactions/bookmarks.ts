// Favourites (spec 002 §4 "Bookmark"): POST /bookmark/{type}/{id}/ and DELETE /unbookmark/{type}/{id}/.
import { api, unwrap } from '../api/client';
import type { Kind } from '../queryKeys';

/** What the favourite button saves: the catalogue's kinds, the Resource Hub's resources, and circles and events (`group`). */
export type BookmarkKind = Kind | 'resource' | 'group';

export function toggleBookmark(kind: BookmarkKind, id: number, bookmarked: boolean) {
  return bookmarked
    ? unwrap(api.DELETE('/api/v1/unbookmark/{type}/{id}/', { params: { path: { type: kind, id } } }))
    : unwrap(api.POST('/api/v1/bookmark/{type}/{id}/', { params: { path: { type: kind, id } } }));
}

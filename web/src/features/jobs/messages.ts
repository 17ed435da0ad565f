// The job screens' messages (spec 001 §8 "Job apply").
export const APPLY_MESSAGES = {
  applied: 'You have successfully applied to the job',
  unapplied: 'You have successfully unapplied from the job',
  applyFailed: 'Could not apply to Job',
  unapplyFailed: 'Could not unapply from Job',
} as const;

// Bookmarks (spec 002 §8 "Bookmark"), and the recommended applicants (spec 001 §8).
export const BOOKMARK_MESSAGES = {
  added: 'Added to favourites',
  removed: 'Removed from favourites',
  failed: 'Could not perform action',
} as const;

export const RECOMMENDED_FAILED = 'Could not fetch recommended applicants';

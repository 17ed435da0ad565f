// The job screens' messages (spec 001 §8 "Job apply").
export const APPLY_MESSAGES = {
  applied: 'You have successfully applied to the job',
  unapplied: 'You have successfully unapplied from the job',
  applyFailed: 'Could not apply to Job',
  unapplyFailed: 'Could not unapply from Job',
} as const;

// The feedback call (spec 002 §3 "General feedback: title and content", §7 "Feedback post").
import { api, unwrap } from '../../lib/api/client';
import type { components } from '../../lib/api/schema';

export type FeedbackAnswer = components['schemas']['FeedbackAnswer'];

/** POST /feedback/: stored and mailed to the site's administrators. */
export async function sendFeedback(body: { title: string; content: string }): Promise<FeedbackAnswer> {
  return unwrap(api.POST('/api/v1/feedback/', { body }));
}

// The feedback call (spec 002 §3 "General feedback: title and content", §7 "Feedback post").
import { apiRequest } from '../../lib/api/request';
import type { components } from '../../lib/api/schema';

export type FeedbackAnswer = components['schemas']['FeedbackAnswer'];

/** POST /feedback/: stored and mailed to the site's administrators. */
export function sendFeedback(body: { title: string; content: string }) {
  return apiRequest<FeedbackAnswer>('POST', '/api/v1/feedback/', { body });
}

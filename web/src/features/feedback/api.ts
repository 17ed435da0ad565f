// The feedback call (spec 002 §3 "General feedback: title and content", §7 "Feedback post").
import { api, unwrap } from '../../lib/api/client';
import type { components } from '../../lib/api/schema';

// SCHEMA-GAP: POST /api/v1/feedback/ body and answer: crates/api/src/areas/feedback.rs and
// crates/api/src/areas/assistant.rs both name a struct FeedbackInput and FeedbackAnswer, and
// the document keeps the assistant's (chat, rating, feedback → FeedbackState). This endpoint
// takes {title, content} and answers {data: FeedbackView, message}; the body is handed over
// untyped and the answer typed here from the document's FeedbackView.
export interface FeedbackAnswer {
  data: components['schemas']['FeedbackView'];
  message: string;
}

/** POST /feedback/: stored and mailed to the site's administrators. */
export async function sendFeedback(body: { title: string; content: string }): Promise<FeedbackAnswer> {
  const answer: unknown = await unwrap(api.POST('/api/v1/feedback/', { body } as never));
  return answer as FeedbackAnswer;
}

// Chat rooms opened from outside the chat feature (spec 002 §4 "one-to-one room creation").
import { api, unwrap } from '../api/client';

/** POST /room/ {type: ONE_TO_ONE, user_ids: [userId]}: starts, or reopens, the one-to-one room with a person. */
export function startOneToOneRoom(userId: number) {
  return unwrap(api.POST('/api/v1/room/', { body: { type: 'ONE_TO_ONE', user_ids: [userId] } }));
}

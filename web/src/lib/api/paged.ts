// The list envelope every list call answers with (`Page` in crates/api/src/envelope.rs).
import type { components } from './schema';

/** A list answer: {"data": [...], "pagination": {"count", "next"}}. */
export interface Paged<T> {
  data: T[];
  pagination: components['schemas']['Pagination'];
}

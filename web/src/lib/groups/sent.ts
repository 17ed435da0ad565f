// SCHEMA-GAP (every GroupView, MemberItem, JobView… field of type Option<T>): the document marks
// each Option<T> field optional (`field?: T | null`), but serde sends it on every answer (null
// when empty) unless the Rust field says skip_serializing_if. The screens read such fields as
// `T | null`; `sent` states that once, so each answer is still checked field by field.

/** An answer type with every field present (Option<T> fields sent as null). */
export type Sent<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

/** The answer as sent: its Option<T> fields present (null when empty). Type-only, no copy. */
export function sent<T>(answer: T): Sent<T> {
  return answer as Sent<T>;
}

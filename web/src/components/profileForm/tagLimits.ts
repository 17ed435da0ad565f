/** Tag pickers hold at most this many items unless told otherwise (spec 000 §5). */
export const DEFAULT_TAG_LIMIT = 7;

/** Shown when one more item would pass the limit. */
export function tagLimitMessage(max: number): string {
  return `You can only add up to ${max} items`;
}

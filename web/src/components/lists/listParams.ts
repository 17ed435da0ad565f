// The query-string rules of list pages (spec 002 §2 "Shared list-page behaviour", 001 §2):
// q, page, status and the filters live in the address; changing a filter removes page; a
// filter value of 'all' is dropped; a missing or bad page number falls back to 1.

/** The value that means "no filter"; it is never kept in the address. */
export const ALL = 'all';

/** The page number in the address, 1 when missing or not a positive whole number. */
export function readPage(params: URLSearchParams): number {
  const raw = params.get('page');
  if (!raw || !/^\d+$/.test(raw)) return 1;
  const page = Number.parseInt(raw, 10);
  return page >= 1 ? page : 1;
}

/** A filter's value, or null when it is missing, empty or 'all'. */
export function readValue(params: URLSearchParams, key: string): string | null {
  const raw = params.get(key)?.trim();
  return raw && raw !== ALL ? raw : null;
}

/** A comma-separated filter as its values ('all' and blanks dropped). */
export function readList(params: URLSearchParams, key: string): string[] {
  return (params.get(key) ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && part !== ALL);
}

/**
 * The address with one filter changed: a list is joined with commas; null, '', 'all' and an
 * empty list remove the key; the page is removed in every case.
 */
export function withFilter(params: URLSearchParams, key: string, value: string | readonly string[] | null): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('page');
  const values = (Array.isArray(value) ? value : [value]).filter(
    (part): part is string => typeof part === 'string' && part.trim() !== '' && part !== ALL,
  );
  if (values.length === 0) next.delete(key);
  else next.set(key, values.join(','));
  return next;
}

/** The address at another page; page 1 is the address without a page. */
export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page <= 1) next.delete('page');
  else next.set('page', String(page));
  return next;
}

/** How many pages `count` items fill. */
export function pageCount(count: number, pageSize: number): number {
  return Math.max(0, Math.ceil(count / pageSize));
}

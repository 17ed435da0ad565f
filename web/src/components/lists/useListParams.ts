import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { readList, readPage, readValue, withFilter, withPage } from './listParams';

/** The list page's address state, with the list-page rules of listParams.ts. */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const setFilter = useCallback(
    (key: string, value: string | readonly string[] | null) =>
      setParams((current) => withFilter(current, key, value), { replace: true }),
    [setParams],
  );
  const setPage = useCallback((page: number) => setParams((current) => withPage(current, page)), [setParams]);
  return {
    params,
    page: readPage(params),
    value: (key: string) => readValue(params, key),
    list: (key: string) => readList(params, key),
    setFilter,
    setPage,
  };
}

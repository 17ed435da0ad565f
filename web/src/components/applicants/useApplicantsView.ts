import { useState } from 'react';
import { useDebouncedValue } from '../profileForm/useDebouncedValue';
import { SEARCH_DEBOUNCE_MS, searchText } from '../../lib/profile/topics';

/**
 * What an applicants table (a group's, a job's) shows: the status tab, the search (2
 * characters, 500 ms), the page and the rows opened to their answers. A change of tab or
 * search goes back to page 1 and closes the rows (`onFilter` clears what the table adds).
 */
export function useApplicantsView<S extends string>(initial: S, onFilter?: () => void) {
  const [status, setStatus] = useState<S>(initial);
  const [input, setInput] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Set<number>>(new Set());
  const search = useDebouncedValue(searchText(input), SEARCH_DEBOUNCE_MS);
  const changeFilter = (apply: () => void) => {
    apply();
    setPage(1);
    setOpen(new Set());
    onFilter?.();
  };
  const toggleOpen = (id: number) => setOpen((current) => toggled(current, id));
  return { status, setStatus, input, setInput, search, page, setPage, open, toggleOpen, changeFilter };
}

/** The set with `id` added, or taken out when it was there. */
export function toggled(set: Set<number>, id: number): Set<number> {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

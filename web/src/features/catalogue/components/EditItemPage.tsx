import type { ReactNode } from 'react';
import { Skeleton } from '@mui/material';

/** An item's edit page: a placeholder while the item loads, then its form (a new item's when it is not found). */
export default function EditItemPage<T>({ query, form }: { query: { isPending: boolean; data?: T | null }; form: (item: T | undefined) => ReactNode }) {
  if (query.isPending) return <Skeleton variant="rounded" height={400} sx={{ m: 4 }} aria-label="Loading" />;
  return <>{form(query.data ?? undefined)}</>;
}

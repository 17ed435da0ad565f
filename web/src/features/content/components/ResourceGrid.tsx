import CardGridResults from '../../../components/lists/CardGridResults';
import { EmptyState } from '../../../components/lists/ListStates';
import type { useContents } from '../api/contents';
import { PAGE_SIZE_HUB } from '../contentRules';
import ResourceCard from './ResourceCard';

interface Props {
  query: ReturnType<typeof useContents>;
  /** The results' accessible name. */
  label: string;
  emptyTitle: string;
  page: number;
  onPageChange: (page: number) => void;
}

/** Resources as cards, 15 a page, with the list's loading, error and empty states (the Resource Hub, the prompt library). */
export default function ResourceGrid({ query, label, emptyTitle, page, onPageChange }: Props) {
  return (
    <CardGridResults
      query={query}
      label={label}
      empty={<EmptyState title={emptyTitle} />}
      itemKey={(item) => item.id}
      renderItem={(item) => <ResourceCard item={item} />}
      pageSize={PAGE_SIZE_HUB}
      page={page}
      onPageChange={onPageChange}
    />
  );
}


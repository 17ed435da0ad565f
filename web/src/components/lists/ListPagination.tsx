import { Pagination } from '@mui/material';
import { pageCount } from './listParams';

interface Props {
  count: number;
  pageSize: number;
  page: number;
  onChange: (page: number) => void;
}

/** Page links under a list; nothing when everything fits on one page. */
export default function ListPagination({ count, pageSize, page, onChange }: Props) {
  const pages = pageCount(count, pageSize);
  if (pages <= 1) return null;
  return (
    <Pagination
      count={pages}
      page={Math.min(page, pages)}
      onChange={(_event, value) => {
        onChange(value);
        if (typeof window.scrollTo === 'function') window.scrollTo({ top: 0 });
      }}
      siblingCount={0}
      sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}
      aria-label="Pages"
    />
  );
}

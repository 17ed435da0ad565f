import { useSearchParams } from 'react-router';
import { readPage, withFilter, withPage } from '../../../components/lists/listParams';
import AdminPagination from '../components/AdminPagination';
import { PAGE_SIZE_OPTIONS, readPageSize } from './itemRules';

/** The pager of an admin item page: the page and its size kept in the address, the admin page sizes. */
export default function ItemPagination({ count }: { count: number }) {
  const [params, setParams] = useSearchParams();
  return (
    <AdminPagination
      count={count}
      page={readPage(params)}
      pageSize={readPageSize(params)}
      pageSizes={PAGE_SIZE_OPTIONS}
      onPage={(next) => setParams((current) => withPage(current, next))}
      onPageSize={(value) => setParams((current) => withFilter(current, 'page_size', value), { replace: true })}
      labelRowsPerPage="Rows"
    />
  );
}

import { TablePagination } from '@mui/material';

interface Props {
  count: number;
  /** 1-based. */
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPage: (page: number) => void;
  /** The rows-per-page choice, as the select gives it. */
  onPageSize: (value: string) => void;
  labelRowsPerPage?: string;
}

/** The pages and rows-per-page choice under an admin table (the page is 1-based here, 0-based in MUI). */
export default function AdminPagination({ count, page, pageSize, pageSizes, onPage, onPageSize, labelRowsPerPage }: Props) {
  return (
    <TablePagination
      component="div"
      count={count}
      page={Math.max(0, page - 1)}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...pageSizes]}
      onPageChange={(_event, next) => onPage(next + 1)}
      onRowsPerPageChange={(event) => onPageSize(String(event.target.value))}
      labelRowsPerPage={labelRowsPerPage}
    />
  );
}

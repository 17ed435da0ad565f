import { Button, Paper, Skeleton, Stack, Table, TableBody, TableCell, TableContainer, TableRow, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import ListPage from '../../../components/lists/ListPage';
import ListPagination from '../../../components/lists/ListPagination';
import { EmptyState, ListError } from '../../../components/lists/ListStates';
import { useListParams } from '../../../components/lists/useListParams';
import { useAppConfig } from '../../../lib/config/appConfig';
import { CATALOGUE_KEY, TABLE_PAGE_SIZE, type Paged } from '../api/catalogue';
import { FAVOURITE_SECTIONS, MY_SECTIONS, fetchOverview, type Row, type Section } from './areaSections';

/** Overview cards: up to 3 per section (spec 002 §9). */
const OVERVIEW = 3;

type OverviewPath = '/api/v1/my-favourites/' | '/api/v1/my-items/';

/** Every section's first page, in one call (GET /my-favourites/, GET /my-items/). */
function useOverview(area: string, path: OverviewPath, sections: Section[]) {
  return useQuery({
    queryKey: [...CATALOGUE_KEY, 'area', area, 'overview'],
    queryFn: ({ signal }) => fetchOverview(path, sections, signal),
    meta: { silent: true },
  });
}

function Rows({ rows }: { rows: Row[] }) {
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 2 }}>
      <Table size="small">
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} hover>
              <TableCell>{row.title}</TableCell>
              <TableCell align="right" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                {row.detail}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

interface OverviewProps {
  base: string;
  section: Section;
  found: ReturnType<typeof useOverview>;
}

function Overview({ base, section, found }: OverviewProps) {
  const page = found.data?.[section.key];
  const rows = page?.data ?? [];
  return (
    <Stack component="section" spacing={1} aria-label={section.title}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h6" component="h2">
          {section.title}
        </Typography>
        {(page?.pagination.count ?? 0) > OVERVIEW && (
          <Button component={RouterLink} to={`${base}/${section.key}`} size="small">
            View More
          </Button>
        )}
      </Stack>
      {found.isPending && <Skeleton variant="rounded" height={96} aria-label="Loading" />}
      {found.isError && <ListError onRetry={() => void found.refetch()} />}
      {found.data && rows.length === 0 && <Typography color="text.secondary">{section.empty}</Typography>}
      {rows.length > 0 && <Rows rows={rows} />}
    </Stack>
  );
}

function useSections(sections: Section[]) {
  const config = useAppConfig();
  return sections.filter((s) => !s.jobsOnly || config.ui.show_job_menu);
}

interface AreaIndexProps {
  area: string;
  base: string;
  title: string;
  path: OverviewPath;
  sections: Section[];
}

function AreaIndex({ area, base, title, path, sections }: AreaIndexProps) {
  const shown = useSections(sections);
  const found = useOverview(area, path, sections);
  return (
    <ListPage title={title}>
      <Stack spacing={4}>
        {shown.map((section) => (
          <Overview key={section.key} base={base} section={section} found={found} />
        ))}
      </Stack>
    </ListPage>
  );
}

function AreaTable({ area, title, sections }: { area: string; title: (s: Section) => string; sections: Section[] }) {
  const { kind = '' } = useParams();
  const { page, setPage } = useListParams();
  const section = useSections(sections).find((s) => s.key === kind) ?? null;
  const found = useQuery({
    queryKey: [...CATALOGUE_KEY, 'area', area, kind, page, TABLE_PAGE_SIZE],
    queryFn: ({ signal }): Promise<Paged<Row>> =>
      section ? section.fetch(page, TABLE_PAGE_SIZE, signal) : Promise.reject(new Error('unknown')),
    enabled: section !== null,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  if (!section) return <EmptyState title="Sorry, the page you are looking for does not exist." />;
  const rows = found.data?.data ?? [];
  return (
    <ListPage title={title(section)}>
      {found.isPending && <Skeleton variant="rounded" height={160} aria-label="Loading" />}
      {found.isError && <ListError onRetry={() => void found.refetch()} />}
      {found.data && rows.length === 0 && <EmptyState title={section.empty} />}
      {rows.length > 0 && <Rows rows={rows} />}
      <ListPagination count={found.data?.pagination.count ?? 0} pageSize={TABLE_PAGE_SIZE} page={page} onChange={setPage} />
    </ListPage>
  );
}

/** /favorites: the bookmarked use cases, circles, events, resources, AI tools and (with the job menu) jobs, 3 each. */
export function FavoritesPage() {
  return <AreaIndex area="favorites" base="/favorites" title="Favorites" path="/api/v1/my-favourites/" sections={FAVOURITE_SECTIONS} />;
}

/** /favorites/{kind}: one kind's favourites, 10 a page, the page in the address. */
export function FavoriteKindPage() {
  return <AreaTable area="favorites" title={(s) => `Favorite ${s.title}`} sections={FAVOURITE_SECTIONS} />;
}

/** /my: what the member created or applied to, 3 each. */
export function MyAreaPage() {
  return <AreaIndex area="my" base="/my" title="My Area" path="/api/v1/my-items/" sections={MY_SECTIONS} />;
}

/** /my/{kind}: one kind of the member's own items, 10 a page, the page in the address. */
export function MyKindPage() {
  return <AreaTable area="my" title={(s) => s.title} sections={MY_SECTIONS} />;
}

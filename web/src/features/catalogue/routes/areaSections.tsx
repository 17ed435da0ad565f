// The sections of Favourites (/favorites) and My area (/my) (spec 002 §2 "Favourites and my
// content"): each is one entry of a list, so a kind that arrives later (resources, posts,
// circles, events) is one more entry with its fetch and its row.
import type { ReactNode } from 'react';
import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { api, unwrap } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';
import { groupPath } from '../../../lib/groups/rules';
import { jobPath } from '../../../lib/jobs/jobPath';
import type { AiTool, Paged, UseCase } from '../api/catalogue';

type Schemas = components['schemas'];
type Job = Schemas['JobView'];
type Content = Schemas['ContentView'];

export interface Row {
  id: number;
  title: ReactNode;
  detail: string;
}

export interface Section {
  /** The sub-route: /favorites/{key}, /my/{key}. */
  key: string;
  title: string;
  /** 'No favorite {x} found.' / 'You have not created … yet.' */
  empty: string;
  /** Only when the site's job menu is on. */
  jobsOnly?: boolean;
  /** The section's entry in the overview answer (GET /my-favourites/, GET /my-items/). */
  overviewKey: string;
  /** One item of the section as a table row. */
  row: (item: never) => Row;
  /** The section's own list (the sub-route table). */
  fetch: (page: number, pageSize: number, signal?: AbortSignal) => Promise<Paged<Row>>;
}

const link = (to: string, text: string) => (
  <Link component={RouterLink} to={to} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
    {text}
  </Link>
);

const toolRow = (t: AiTool): Row => ({ id: t.id, title: link(`/ai-tool/${t.slug}`, t.name), detail: t.status === 'approved' ? `${t.vote_score} votes` : t.status });
const useCaseRow = (u: UseCase): Row => ({ id: u.id, title: link(`/usecase/${u.slug}`, u.title), detail: u.status === 'approved' ? `${u.vote_score} votes` : u.status });
const contentRow = (c: Content): Row => ({
  id: c.id,
  title: link(`/${c.type === 'post' || c.type === 'newsletter' ? 'post' : 'resource'}/${c.slug}`, c.title),
  detail: c.group_detail?.name ?? '',
});
// The schema's group_type is a string; the link is /circle/, /event/ or else /org/.
const groupLink = (g: Schemas['GroupView']) =>
  groupPath({ name_slug: g.name_slug, group_type: g.group_type === 'circle' || g.group_type === 'event' ? g.group_type : 'organization' });
const groupRow = (g: Schemas['GroupView']): Row => ({
  id: g.id,
  title: link(groupLink(g), g.name),
  detail: g.lifecycle?.label ?? g.parent_group_detail?.name ?? '',
});
const jobRow = (j: Job): Row => ({ id: j.id, title: link(jobPath(j), j.title), detail: j.group.name });

interface PageQuery {
  page: number;
  page_size: number;
}

/** A section's own list: one page of its items. */
type Fetch<T> = (query: PageQuery, signal?: AbortSignal) => Promise<Paged<T>>;

/** The page GET /bookmark/{type}/ answers for each type. */
interface FavouritePages {
  usecase: Schemas['Page_UseCaseView'];
  aitool: Schemas['Page_AiToolView'];
  job: Schemas['Page_JobView'];
  group: Schemas['Page_GroupView'];
}

// SCHEMA-GAP: GET /api/v1/bookmark/{type}/ answers the page of its {type} (job, aitool, usecase,
// group); the document gives the union of the four (Favourites, anyOf), which the path parameter
// cannot narrow, so each favourite section names its own page of that union.
function favourites<K extends keyof FavouritePages>(type: K, groupType?: 'circle' | 'event'): Fetch<FavouritePages[K]['data'][number]> {
  return async (query, signal) => {
    const answer = await unwrap(
      api.GET('/api/v1/bookmark/{type}/', { params: { path: { type }, query: { ...query, group_type: groupType } }, signal }),
    );
    return answer as FavouritePages[K];
  };
}

// SCHEMA-GAP: GET /api/v1/contents/me/ types: the server passes the whole query on to
// GET /contents/ (my_contents in crates/api/src/areas/my_area.rs), but the document lists only
// page and page_size. The query is built apart so `types` still goes out.
function myContents(types: 'resource' | 'post'): Fetch<Content> {
  return (query, signal) => {
    const params = { ...query, types };
    return unwrap(api.GET('/api/v1/contents/me/', { params: { query: params }, signal }));
  };
}

function section<T>(fields: Omit<Section, 'row' | 'fetch'>, fetch: Fetch<T>, row: (item: T) => Row): Section {
  return {
    ...fields,
    row: row as (item: never) => Row,
    fetch: async (page, page_size, signal) => {
      const answer = await fetch({ page, page_size }, signal);
      return { ...answer, data: answer.data.map(row) };
    },
  };
}

/** Favourites in the spec's order: use cases, circles, events, resources, AI tools, jobs. */
export const FAVOURITE_SECTIONS: Section[] = [
  section({ key: 'usecases', title: 'Use Cases', empty: 'No favorite use cases found.', overviewKey: 'use_cases' }, favourites('usecase'), useCaseRow),
  section({ key: 'circles', title: 'Circles', empty: 'No favorite circles found.', overviewKey: 'circles' }, favourites('group', 'circle'), groupRow),
  section({ key: 'events', title: 'Events', empty: 'No favorite events found.', overviewKey: 'events' }, favourites('group', 'event'), groupRow),
  section({ key: 'resources', title: 'Resources', empty: 'No favorite resources found.', overviewKey: 'resources' }, (query, signal) => unwrap(api.GET('/api/v1/bookmark/resource/', { params: { query }, signal })), contentRow),
  section({ key: 'ai-tools', title: 'AI Tools', empty: 'No favorite ai tools found.', overviewKey: 'ai_tools' }, favourites('aitool'), toolRow),
  section(
    { key: 'jobs', title: 'Jobs', empty: 'No favorite jobs found.', jobsOnly: true, overviewKey: 'jobs' },
    favourites('job'),
    jobRow,
  ),
];

/** My area in the spec's order: circles, resources, jobs, use cases, posts, AI tools (GET /{type}/me/). */
export const MY_SECTIONS: Section[] = [
  section(
    { key: 'circles', title: 'My Circles', empty: 'You have not created or applied to any circles yet.', overviewKey: 'circles' },
    (query, signal) => unwrap(api.GET('/api/v1/circles/me/', { params: { query }, signal })),
    groupRow,
  ),
  section(
    { key: 'resources', title: 'My Resources', empty: 'You have not created or applied to any resources yet.', overviewKey: 'resources' },
    myContents('resource'),
    contentRow,
  ),
  section(
    { key: 'jobs', title: 'My Jobs', empty: 'You have not created or applied to any jobs yet.', jobsOnly: true, overviewKey: 'jobs' },
    (query, signal) => unwrap(api.GET('/api/v1/jobs/me/', { params: { query }, signal })),
    jobRow,
  ),
  section(
    { key: 'usecases', title: 'My Use Cases', empty: 'You have not created or applied to any use cases yet.', overviewKey: 'use_cases' },
    (query, signal) => unwrap(api.GET('/api/v1/use_cases/me/', { params: { query }, signal })),
    useCaseRow,
  ),
  section(
    { key: 'posts', title: 'My Posts', empty: 'You have not created or applied to any posts yet.', overviewKey: 'posts' },
    myContents('post'),
    contentRow,
  ),
  section({ key: 'ai-tools', title: 'My AI Tools', empty: 'You have not created any AI tools yet.', overviewKey: 'ai_tools' }, (query, signal) => unwrap(api.GET('/api/v1/ai_tools/me/', { params: { query }, signal })), toolRow),
];

/** Every section's first page in one call: GET /my-favourites/ or GET /my-items/ (3 each by default). */
export async function fetchOverview(path: '/api/v1/my-favourites/' | '/api/v1/my-items/', sections: Section[], signal?: AbortSignal) {
  const init = { params: { query: { page_size: 3 } }, signal };
  const answer =
    path === '/api/v1/my-favourites/' ? await unwrap(api.GET(path, init)) : await unwrap(api.GET('/api/v1/my-items/', init));
  // Each section reads its page by its key (overviewKey).
  const pages: Record<string, Paged<unknown> | undefined> = answer.data;
  const out: Record<string, Paged<Row>> = {};
  for (const s of sections) {
    const found = pages[s.overviewKey];
    if (found) out[s.key] = { ...found, data: found.data.map((item) => s.row(item as never)) };
  }
  return out;
}

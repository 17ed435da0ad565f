// The sections of Favourites (/favorites) and My area (/my) (spec 002 §2 "Favourites and my
// content"): each is one entry of a list, so a kind that arrives later (resources, posts,
// circles, events) is one more entry with its fetch and its row.
import type { ReactNode } from 'react';
import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { apiRequest } from '../../../lib/api/request';
import type { Job } from '../../jobs/api/types';
import { jobPath } from '../../jobs/jobRules';
import type { Content } from '../../content/api/types';
import { groupPath } from '../../../lib/groups/rules';
import type { Group } from '../../../lib/groups/types';
import type { AiTool, Paged, UseCase } from '../api/catalogue';

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
const groupRow = (g: Group): Row => ({
  id: g.id,
  title: link(groupPath(g), g.name),
  detail: g.lifecycle?.label ?? g.parent_group_detail?.name ?? '',
});
const jobRow = (j: Job): Row => ({ id: j.id, title: link(jobPath(j), j.title), detail: j.group.name });

async function paged<T>(path: string, query: Record<string, string | number | boolean>, row: (item: T) => Row, signal?: AbortSignal) {
  const answer = await apiRequest<Paged<T>>('GET', path, { query, signal });
  return { ...answer, data: answer.data.map(row) };
}

export const FAVOURITE_SECTIONS: Section[] = [
  {
    key: 'usecases',
    title: 'Use Cases',
    empty: 'No favorite use cases found.',
    fetch: (page, page_size, signal) => paged('/api/v1/bookmark/usecase/', { page, page_size }, useCaseRow, signal),
  },
  {
    key: 'circles',
    title: 'Circles',
    empty: 'No favorite circles found.',
    fetch: (page, page_size, signal) => paged('/api/v1/bookmark/group/', { page, page_size, group_type: 'circle' }, groupRow, signal),
  },
  {
    key: 'events',
    title: 'Events',
    empty: 'No favorite events found.',
    fetch: (page, page_size, signal) => paged('/api/v1/bookmark/group/', { page, page_size, group_type: 'event' }, groupRow, signal),
  },
  {
    key: 'ai-tools',
    title: 'AI Tools',
    empty: 'No favorite ai tools found.',
    fetch: (page, page_size, signal) => paged('/api/v1/bookmark/aitool/', { page, page_size }, toolRow, signal),
  },
  {
    key: 'resources',
    title: 'Resources',
    empty: 'No favorite resources found.',
    fetch: (page, page_size, signal) => paged('/api/v1/bookmark/resource/', { page, page_size }, contentRow, signal),
  },
  {
    key: 'jobs',
    title: 'Jobs',
    empty: 'No favorite jobs found.',
    jobsOnly: true,
    fetch: (page, page_size, signal) => paged('/api/v1/bookmark/job/', { page, page_size }, jobRow, signal),
  },
];

export const MY_SECTIONS: Section[] = [
  {
    key: 'resources',
    title: 'My Resources',
    empty: 'You have not created or applied to any resources yet.',
    fetch: (page, page_size, signal) =>
      paged('/api/v1/contents/', { page, page_size, types: 'resource', created_by: 'me' }, contentRow, signal),
  },
  {
    key: 'jobs',
    title: 'My Jobs',
    empty: 'You have not created or applied to any jobs yet.',
    jobsOnly: true,
    fetch: (page, page_size, signal) => paged('/api/v1/jobs/', { page, page_size, applied: true }, jobRow, signal),
  },
  {
    key: 'usecases',
    title: 'My Use Cases',
    empty: 'You have not created or applied to any use cases yet.',
    fetch: (page, page_size, signal) => paged('/api/v1/use-cases/', { page, page_size, created: true }, useCaseRow, signal),
  },
  {
    key: 'posts',
    title: 'My Posts',
    empty: 'You have not created or applied to any posts yet.',
    fetch: (page, page_size, signal) =>
      paged('/api/v1/contents/', { page, page_size, types: 'post', created_by: 'me' }, contentRow, signal),
  },
  {
    key: 'ai-tools',
    title: 'My AI Tools',
    empty: 'You have not created any AI tools yet.',
    fetch: (page, page_size, signal) => paged('/api/v1/ai-tools/', { page, page_size, created: true }, toolRow, signal),
  },
];

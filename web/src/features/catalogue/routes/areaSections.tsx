// The sections of Favourites (/favorites) and My area (/my) (spec 002 §2 "Favourites and my
// content"): each is one entry of a list, so a kind that arrives later (resources, posts,
// circles, events) is one more entry with its fetch and its row.
import type { ReactNode } from 'react';
import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { components } from '../../../lib/api/schema';
import { groupPath } from '../../../lib/groups/rules';
import { jobPath } from '../../../lib/jobs/jobPath';
import type { AiTool, Paged, UseCase } from '../api/catalogue';
import {
  favouriteResources,
  favourites,
  fetchOverviewPages,
  myAiTools,
  myCircles,
  myContents,
  myJobs,
  myUseCases,
  type Fetch,
} from '../api/area';

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

type Names = Pick<Section, 'key' | 'title' | 'overviewKey' | 'jobsOnly'>;

/** A favourites section: 'No favorite {title} found.' when empty. */
function favouriteSection<T>(names: Names, fetch: Fetch<T>, row: (item: T) => Row): Section {
  return section({ ...names, empty: `No favorite ${names.title.toLowerCase()} found.` }, fetch, row);
}

/** A section of my items, titled 'My {noun}': 'You have not created or applied to any {noun} yet.' when empty. */
function mySection<T>({ noun, ...names }: Omit<Names, 'title'> & { noun: string }, fetch: Fetch<T>, row: (item: T) => Row): Section {
  const title = `My ${noun.replace(/\b\w/g, (c) => c.toUpperCase())}`;
  return section({ ...names, title, empty: `You have not created or applied to any ${noun} yet.` }, fetch, row);
}

/** Favourites in the spec's order: use cases, circles, events, resources, AI tools, jobs. */
export const FAVOURITE_SECTIONS: Section[] = [
  favouriteSection({ key: 'usecases', title: 'Use Cases', overviewKey: 'use_cases' }, favourites('usecase'), useCaseRow),
  favouriteSection({ key: 'circles', title: 'Circles', overviewKey: 'circles' }, favourites('group', 'circle'), groupRow),
  favouriteSection({ key: 'events', title: 'Events', overviewKey: 'events' }, favourites('group', 'event'), groupRow),
  favouriteSection({ key: 'resources', title: 'Resources', overviewKey: 'resources' }, favouriteResources, contentRow),
  favouriteSection({ key: 'ai-tools', title: 'AI Tools', overviewKey: 'ai_tools' }, favourites('aitool'), toolRow),
  favouriteSection({ key: 'jobs', title: 'Jobs', jobsOnly: true, overviewKey: 'jobs' }, favourites('job'), jobRow),
];

/** My area in the spec's order: circles, resources, jobs, use cases, posts, AI tools (GET /{type}/me/). */
export const MY_SECTIONS: Section[] = [
  mySection({ key: 'circles', noun: 'circles', overviewKey: 'circles' }, myCircles, groupRow),
  mySection({ key: 'resources', noun: 'resources', overviewKey: 'resources' }, myContents('resource'), contentRow),
  mySection({ key: 'jobs', noun: 'jobs', jobsOnly: true, overviewKey: 'jobs' }, myJobs, jobRow),
  mySection({ key: 'usecases', noun: 'use cases', overviewKey: 'use_cases' }, myUseCases, useCaseRow),
  mySection({ key: 'posts', noun: 'posts', overviewKey: 'posts' }, myContents('post'), contentRow),
  section({ key: 'ai-tools', title: 'My AI Tools', empty: 'You have not created any AI tools yet.', overviewKey: 'ai_tools' }, myAiTools, toolRow),
];

/** Every section's first page in one call: GET /my-favourites/ or GET /my-items/ (3 each by default). */
export async function fetchOverview(path: '/api/v1/my-favourites/' | '/api/v1/my-items/', sections: Section[], signal?: AbortSignal) {
  // Each section reads its page by its key (overviewKey).
  const pages = await fetchOverviewPages(path, signal);
  const out: Record<string, Paged<Row>> = {};
  for (const s of sections) {
    const found = pages[s.overviewKey];
    if (found) out[s.key] = { ...found, data: found.data.map((item) => s.row(item as never)) };
  }
  return out;
}

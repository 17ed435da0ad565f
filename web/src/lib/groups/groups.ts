// Group calls (the groups API contract in openapi.json, through the generated client): read,
// create, update, images, lookups, questions.
import { api, unwrap } from '../api/client';
import type { components } from '../api/schema';
import { uploadForm } from '../profile/upload';
import { sent, type Sent } from './sent';
import type { CircleType, Group, GroupPayload, GroupType, Paged, Question, Sdg } from './types';

export const CHILD_GROUPS_PAGE_SIZE = 15;

type GroupView = components['schemas']['GroupView'];

/** Fields the screens read as fixed lists of values where the document says only "string". */
type NarrowedGroupFields = 'group_type' | 'publicity' | 'membership_status' | 'privacy' | 'parent_group_detail' | 'group_duration';

/**
 * The server's GroupView as the screens' Group. Every field but the narrowed ones must fit
 * as the document types it (so a renamed, dropped or retyped field fails tsc here).
 * SCHEMA-GAP: GroupView group_type, group_duration, publicity, membership_status, privacy and
 * parent_group_detail.group_type are documented as plain string/number; the server only writes the values the screens' unions list.
 */
export function toGroup(view: GroupView): Group {
  const checked: Omit<Group, NarrowedGroupFields> & Pick<Sent<GroupView>, NarrowedGroupFields> = sent(view);
  return checked as Group;
}

/** A page of groups, each as the screens' Group. */
export function toGroupPage(page: components['schemas']['Page_GroupView']): Paged<Group> {
  return { data: page.data.map(toGroup), pagination: sent(page.pagination) };
}

/** GET /groups/list/: the groups the caller is an accepted member of (where they may post), up to 100. */
export function fetchMemberGroups(signal?: AbortSignal) {
  return unwrap(
    api.GET('/api/v1/groups/list/', { params: { query: { membership_type: 'member', status: 'accepted', page_size: 100 } }, signal }),
  );
}

/** GET /groups/list/?…role=admin,leader: the groups the caller administers, up to 50, as the screens' Group. */
export async function fetchAdministeredGroups(signal?: AbortSignal): Promise<Paged<Group>> {
  return toGroupPage(
    await unwrap(
      api.GET('/api/v1/groups/list/', {
        params: { query: { membership_type: 'member', status: 'accepted', role: 'admin,leader', page_size: 50 } },
        signal,
      }),
    ),
  );
}

export async function fetchGroupBySlug(slug: string, signal?: AbortSignal): Promise<Group> {
  const answer = await unwrap(api.GET('/api/v1/groups/slug/{slug}/', { params: { path: { slug } }, signal }));
  return toGroup(answer.data);
}

export async function fetchGroup(id: number, signal?: AbortSignal): Promise<Group> {
  return toGroup((await unwrap(api.GET('/api/v1/groups/{id}/', { params: { path: { id } }, signal }))).data);
}

type GroupInput = components['schemas']['GroupInput'];

export async function createGroup(body: GroupPayload): Promise<Group> {
  return toGroup((await unwrap(api.POST('/api/v1/groups/', { body: body satisfies GroupInput }))).data);
}

export async function updateGroup(id: number, body: Partial<GroupPayload>): Promise<Group> {
  const answer = await unwrap(
    api.PATCH('/api/v1/groups/{id}/', { params: { path: { id } }, body: body satisfies GroupInput }),
  );
  return toGroup(answer.data);
}

/** The image types a group's cover and logo may be (the form's and the hero's file pickers). */
export const COVER_IMAGE_TYPES = 'image/jpeg,image/png,image/jpg';

/** POST /groups/{id}/logo/ (multipart field "logo"). */
export async function uploadGroupLogo(id: number, file: File): Promise<Group> {
  const form = new FormData();
  form.append('logo', file, file.name);
  return (await uploadForm<{ data: Group }>(`/api/v1/groups/${id}/logo/`, form)).data;
}

/** POST /groups/{id}/cover-image/ (multipart field "cover_image"). */
export async function uploadGroupCover(id: number, file: File): Promise<Group> {
  const form = new FormData();
  form.append('cover_image', file, file.name);
  return (await uploadForm<{ data: Group }>(`/api/v1/groups/${id}/cover-image/`, form)).data;
}

export async function fetchCircleTypes(signal?: AbortSignal): Promise<CircleType[]> {
  return (await unwrap(api.GET('/api/v1/circle-types/', { signal }))).data;
}

export async function fetchSdgs(signal?: AbortSignal): Promise<Sdg[]> {
  return (await unwrap(api.GET('/api/v1/sdgs/', { signal }))).data;
}

// SCHEMA-GAP: POST /api/v1/groups/{id}/questions/ documents `questions` as untyped objects
// (Record<string, never>[]); the server stores the screens' Question shape.
type UntypedQuestion = Record<string, never>;

/** POST /groups/{id}/questions/ {questions} → the group. */
export async function saveQuestions(id: number, questions: Question[]): Promise<Group> {
  const answer = await unwrap(
    api.POST('/api/v1/groups/{id}/questions/', {
      params: { path: { id } },
      body: { questions: questions as unknown as UntypedQuestion[] },
    }),
  );
  return toGroup(answer.data);
}

export interface ChildGroupFilters {
  search?: string;
  circle_status?: string;
  learning_modality?: 'online' | 'in_person' | 'no_preference';
  page?: number;
}

/** GET /circles/ or /events/ under a parent organization. */
export async function fetchChildGroups(
  type: Extract<GroupType, 'circle' | 'event'>,
  parent: number,
  filters: ChildGroupFilters,
  signal?: AbortSignal,
): Promise<Paged<Group>> {
  const query = { parent_group: parent, page_size: CHILD_GROUPS_PAGE_SIZE, ...filters };
  const page =
    type === 'circle'
      ? await unwrap(api.GET('/api/v1/circles/', { params: { query }, signal }))
      : await unwrap(api.GET('/api/v1/events/', { params: { query }, signal }));
  return toGroupPage(page);
}

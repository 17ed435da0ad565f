// Group calls (the groups API contract (now in openapi.json) "Calls"): read, create, update, images, lookups, questions.
import { apiRequest } from '../api/request';
import { uploadForm } from '../profile/upload';
import type { CircleType, Group, GroupPayload, GroupType, Paged, Question, Sdg } from './types';

export const CHILD_GROUPS_PAGE_SIZE = 15;

export async function fetchGroupBySlug(slug: string, signal?: AbortSignal): Promise<Group> {
  return (await apiRequest<{ data: Group }>('GET', `/api/v1/groups/slug/${encodeURIComponent(slug)}/`, { signal })).data;
}

export async function fetchGroup(id: number, signal?: AbortSignal): Promise<Group> {
  return (await apiRequest<{ data: Group }>('GET', `/api/v1/groups/${id}/`, { signal })).data;
}

export async function createGroup(body: GroupPayload): Promise<Group> {
  return (await apiRequest<{ data: Group }>('POST', '/api/v1/groups/', { body })).data;
}

export async function updateGroup(id: number, body: Partial<GroupPayload>): Promise<Group> {
  return (await apiRequest<{ data: Group }>('PATCH', `/api/v1/groups/${id}/`, { body })).data;
}

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
  return (await apiRequest<{ data: CircleType[] }>('GET', '/api/v1/circle-types/', { signal })).data;
}

export async function fetchSdgs(signal?: AbortSignal): Promise<Sdg[]> {
  return (await apiRequest<{ data: Sdg[] }>('GET', '/api/v1/sdgs/', { signal })).data;
}

/** POST /groups/{id}/questions/ {questions} → the group. */
export async function saveQuestions(id: number, questions: Question[]): Promise<Group> {
  return (await apiRequest<{ data: Group }>('POST', `/api/v1/groups/${id}/questions/`, { body: { questions } })).data;
}

export interface ChildGroupFilters {
  search?: string;
  circle_status?: string;
  learning_modality?: string;
  page?: number;
}

/** GET /circles/ or /events/ under a parent organization. */
export function fetchChildGroups(
  type: Extract<GroupType, 'circle' | 'event'>,
  parent: number,
  filters: ChildGroupFilters,
  signal?: AbortSignal,
): Promise<Paged<Group>> {
  return apiRequest<Paged<Group>>('GET', type === 'circle' ? '/api/v1/circles/' : '/api/v1/events/', {
    query: { parent_group: parent, page_size: CHILD_GROUPS_PAGE_SIZE, ...filters },
    signal,
  });
}

// Google Classroom for a group with a classroom id (spec 001 §6, §7, §8; issue 19):
// GET /google-classroom/consent/ (which provider, whether the viewer connected it, Google's
// consent page), POST /groups/{id}/sync-users/ ({role}) and
// POST /groups/{id}/classroom-materials/sync/, with the spec's failure messages; and
// DELETE /google-classroom/consent/ (the administrator disconnects their Google account).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';
import { ApiError } from '../../../lib/api/errors';
import { useSnackbar } from '../../../lib/snackbar';
import { GROUPS_KEY } from './group';

export type ClassroomConsent = components['schemas']['ConsentView'];
export type SyncUsersAnswer = components['schemas']['SyncUsersAnswer'];
export type SyncMaterialsAnswer = components['schemas']['SyncMaterialsAnswer'];
export type ClassroomRole = 'student' | 'teacher';

export const CLASSROOM_MESSAGES = {
  syncUsersFailed: (role: ClassroomRole) => `Failed to sync ${role} in google classroom`,
  syncResourcesFailed: 'Failed to sync resources',
  consentFailed: 'Could not connect Google Classroom',
  connected: 'Google Classroom connected',
  disconnected: 'Google Classroom disconnected',
  disconnectFailed: 'Could not disconnect Google Classroom',
} as const;

/** The server's code when the administrator must connect Google first. */
export const CONSENT_REQUIRED = 'CLASSROOM_CONSENT_REQUIRED';

const consentKey = (groupId: number) => [...GROUPS_KEY, groupId, 'classroom-consent'];

export function useClassroomConsent(groupId: number, enabled: boolean) {
  return useQuery({
    queryKey: consentKey(groupId),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/v1/google-classroom/consent/', { params: { query: { group: groupId } }, signal })),
    select: (answer) => answer.data,
    enabled,
    meta: { silent: true },
  });
}

/** A consent refusal keeps the server's own message ("Connect your Google account …"). */
function consentMessage(error: unknown): string | null {
  if (error instanceof ApiError && error.body?.code === CONSENT_REQUIRED) return error.body.detail ?? null;
  return null;
}

export function useSyncClassroomUsers(groupId: number) {
  const { enqueueSnackbar } = useSnackbar();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (role: ClassroomRole) =>
      unwrap(api.POST('/api/v1/groups/{id}/sync-users/', { params: { path: { id: groupId } }, body: { role } })),
    meta: { silent: true },
    onSuccess: async (answer) => {
      enqueueSnackbar(answer.message, { variant: 'success' });
      await client.invalidateQueries({ queryKey: [...GROUPS_KEY] });
    },
    onError: async (error, role) => {
      enqueueSnackbar(consentMessage(error) ?? CLASSROOM_MESSAGES.syncUsersFailed(role), { variant: 'error' });
      if (consentMessage(error)) await client.invalidateQueries({ queryKey: consentKey(groupId) });
    },
  });
}

export function useSyncClassroomMaterials(groupId: number) {
  const { enqueueSnackbar } = useSnackbar();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/v1/groups/{id}/classroom-materials/sync/', { params: { path: { id: groupId } } })),
    meta: { silent: true },
    onSuccess: async (answer) => {
      enqueueSnackbar(answer.message, { variant: 'success' });
      await client.invalidateQueries({ queryKey: [...GROUPS_KEY] });
    },
    onError: async (error) => {
      enqueueSnackbar(consentMessage(error) ?? CLASSROOM_MESSAGES.syncResourcesFailed, { variant: 'error' });
      if (consentMessage(error)) await client.invalidateQueries({ queryKey: consentKey(groupId) });
    },
  });
}

/**
 * Disconnects the administrator's Google account from Google Classroom on this site: the
 * consent is theirs, shared by every group they sync, so every group's panel asks again.
 */
export function useDisconnectClassroom() {
  const { enqueueSnackbar } = useSnackbar();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/v1/google-classroom/consent/')),
    meta: { silent: true },
    onSuccess: async () => {
      enqueueSnackbar(CLASSROOM_MESSAGES.disconnected, { variant: 'success' });
      await client.invalidateQueries({ predicate: (query) => query.queryKey.at(-1) === 'classroom-consent' });
    },
    onError: () => {
      enqueueSnackbar(CLASSROOM_MESSAGES.disconnectFailed, { variant: 'error' });
    },
  });
}

// The owner's picture: POST /api/v1/upload-profile_picture/ (through lib/profile/upload; the
// profile points at the image) and DELETE /api/v1/profiles/me/delete-picture/ (notes/contracts.md §5).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';
import { PROFILE_PAGE_KEY } from '../../../lib/profile/updateProfile';
import { uploadProfilePicture } from '../../../lib/profile/upload';
import { storeProfile } from './profilePage';

export function deletePicture(): Promise<components['schemas']['ProfileAnswer']> {
  return unwrap(api.DELETE('/api/v1/profiles/me/delete-picture/'));
}

function useRefreshProfiles() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: PROFILE_PAGE_KEY }),
      client.invalidateQueries({ queryKey: ['identity'] }),
    ]);
}

export function useUploadPicture() {
  const refresh = useRefreshProfiles();
  return useMutation({ mutationFn: (file: File) => uploadProfilePicture(file), onSuccess: refresh, meta: { silent: true } });
}

export function useDeletePicture() {
  const client = useQueryClient();
  const refresh = useRefreshProfiles();
  return useMutation({
    mutationFn: deletePicture,
    onSuccess: async (answer) => {
      if (answer?.data?.profile) storeProfile(client, answer.data);
      await refresh();
    },
  });
}

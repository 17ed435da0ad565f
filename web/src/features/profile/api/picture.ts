// The owner's picture: POST /api/v1/upload-profile_picture/ (through lib/profile/upload; the
// profile points at the image) and DELETE /api/v1/profiles/me/delete-picture/ (notes/contracts.md §5).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/request';
import { PROFILE_PAGE_KEY } from '../../../lib/profile/updateProfile';
import { uploadProfilePicture } from '../../../lib/profile/upload';
import { storeProfile } from './profilePage';
import type { ProfilePage } from './types';

export function deletePicture(): Promise<{ data: ProfilePage; message?: string }> {
  return apiRequest('DELETE', '/api/v1/profiles/me/delete-picture/');
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

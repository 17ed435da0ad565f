// POST /api/v1/follow/ {id, type, action} → {data: {followed, followers_count}} (notes/contracts.md §6).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';
import { profileKey } from './profilePage';
import type { ProfilePage } from './types';

export type FollowAction = 'follow' | 'unfollow';

type FollowAnswer = components['schemas']['FollowState'];

export function followUser(id: number, action: FollowAction): Promise<FollowAnswer> {
  return unwrap(api.POST('/api/v1/follow/', { body: { id, type: 'user', action } })).then((answer) => answer.data);
}

/** Follows or unfollows the person of a profile page and writes the outcome into its cache. */
export function useFollowUser(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: FollowAction }) => followUser(id, action),
    onSuccess: (answer) => {
      client.setQueryData<ProfilePage>(profileKey(slug), (page) =>
        page ? { ...page, followed: answer.followed, followers_count: answer.followers_count } : page,
      );
      void client.invalidateQueries({ queryKey: ['profile', 'connections'] });
    },
    meta: { silent: true },
  });
}

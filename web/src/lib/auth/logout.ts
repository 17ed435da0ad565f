// Signing out: the server forgets the refresh token, the client the whole session.
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, unwrap } from '../api/client';
import { clearSession, getRefreshToken } from '../session';
import { identityKey } from './identity';

export async function logout(): Promise<void> {
  const refresh = getRefreshToken();
  if (refresh) {
    try {
      await unwrap(api.POST('/api/v1/logout/', { body: { refresh_token: refresh } }));
    } catch {
      // The session ends on this device whatever the server said.
    }
  }
  clearSession();
}

/** Logs out and goes to /login. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const client = useQueryClient();
  return useCallback(async () => {
    await logout();
    client.removeQueries({ queryKey: identityKey });
    await navigate('/login');
  }, [client, navigate]);
}

// Starting a session after sign-in in any of its forms.
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { identityKey } from '../../lib/auth/identity';
import { setTokens } from '../../lib/session';
import type { TokenPair } from './api';

/** Stores the token pair as the session and forgets the previous user's identity. */
export function useStartSession(): (tokens: TokenPair) => void {
  const client = useQueryClient();
  return useCallback(
    (tokens: TokenPair) => {
      client.removeQueries({ queryKey: identityKey });
      setTokens(tokens.access, tokens.refresh);
    },
    [client],
  );
}

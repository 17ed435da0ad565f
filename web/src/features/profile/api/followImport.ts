// After an import is accepted, the profile is fetched again once the background job has
// written it (or after a few seconds when the import cannot be followed).
import type { QueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../../lib/snackbar';
import { identityKey } from '../../../lib/auth/identity';
import { waitForImport, type ImportStarted } from '../../../lib/profile/profileImport';
import { PROFILE_PAGE_KEY } from '../../../lib/profile/updateProfile';

/** How long to wait before refetching when the import has no id to follow. */
export const IMPORT_REFRESH_DELAY_MS = 4000;

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function refreshAfterImport(client: QueryClient, started: ImportStarted): Promise<void> {
  if (started.importId === null) {
    await delay(IMPORT_REFRESH_DELAY_MS);
  } else {
    try {
      const status = await waitForImport(started.importId, { intervalMs: 2000, timeoutMs: 90_000 });
      if (status?.status === 'failed') {
        const fallback = started.source === 'linkedin' ? 'Could not fetch Info from Linkedin' : 'Could not upload resume';
        enqueueSnackbar(status.error || fallback, { variant: 'error' });
      }
    } catch {
      // The status could not be read; the profile is refetched anyway.
    }
  }
  await Promise.all([
    client.invalidateQueries({ queryKey: PROFILE_PAGE_KEY }),
    client.invalidateQueries({ queryKey: identityKey }),
    client.invalidateQueries({ queryKey: ['profile'] }),
  ]);
}

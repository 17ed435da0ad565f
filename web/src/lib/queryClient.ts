import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from './snackbar';
import { globalErrorMessage } from './api/errors';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

function toast(error: unknown) {
  const message = globalErrorMessage(error);
  if (message) enqueueSnackbar(message, { variant: 'error', preventDuplicate: true });
}

/** Queries do not refetch on focus and retry once (spec 000 §9); errors become toasts unless a query is marked silent. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: 1 },
      mutations: { retry: false },
    },
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) toast(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silent) toast(error);
      },
    }),
  });
}

export const queryClient = createQueryClient();

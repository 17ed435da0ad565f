// Test helpers for the profile form pieces: the providers they need around them.
import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarHost } from '../../lib/snackbar';
import { createQueryClient } from '../../lib/queryClient';

export function renderWithProviders(ui: ReactElement) {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      {children}
      <SnackbarHost />
    </QueryClientProvider>
  );
  return { ...render(ui, { wrapper }), client };
}

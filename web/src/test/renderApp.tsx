import { act, render } from '@testing-library/react';
import { unstable_HistoryRouter as HistoryRouter, UNSAFE_createMemoryHistory as createMemoryHistory, type RouteObject } from 'react-router';
import AppProviders from '../app/providers';
import AppRoutes from '../app/AppRoutes';
import { authRoutes } from '../app/routes';
import { shellRoutes } from '../app/shellRoutes';
import { lazyRoutes } from '../app/lazyRoute';
import { createQueryClient } from '../lib/queryClient';

/**
 * The whole app at `path`, against the MSW handlers, with a fresh query cache.
 * `extraPages` are added inside the shell next to the app's own pages.
 *
 * The app runs in a history router over an in-memory history, with navigation outside
 * transitions (the page changes as soon as its code is in); `router` reads the current
 * location (`router.state.location`) and navigates (`router.navigate`).
 */
export function renderApp(path = '/', extraPages: RouteObject[] = []) {
  // The app's routes as app/routes.tsx has them, with the extra pages in the shell's table.
  const [shell, ...rest] = shellRoutes;
  const app: RouteObject[] = shell ? [{ ...shell, children: [...extraPages, ...(shell.children ?? [])] } as RouteObject, ...rest] : shellRoutes;
  const withExtras: RouteObject[] = [authRoutes, { path: '*', Component: lazyRoutes(async () => app) }];
  const history = createMemoryHistory({ initialEntries: [path], v5Compat: true });
  const router = {
    state: {
      get location() {
        return history.location;
      },
    },
    navigate: async (to: string) => {
      await act(async () => {
        history.push(to);
      });
    },
  };
  const client = createQueryClient();
  const result = render(
    <AppProviders client={client}>
      <HistoryRouter history={history} useTransitions={false}>
        <AppRoutes routes={withExtras} />
      </HistoryRouter>
    </AppProviders>,
  );
  return { ...result, router, client };
}

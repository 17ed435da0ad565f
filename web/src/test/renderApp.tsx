import { act, render } from '@testing-library/react';
import { unstable_HistoryRouter as HistoryRouter, UNSAFE_createMemoryHistory as createMemoryHistory, type RouteObject } from 'react-router';
import AppProviders from '../app/providers';
import AppRoutes from '../app/AppRoutes';
import { authRoutes } from '../app/routes';
import { shellRoutes } from '../app/shellRoutes';
import { lazyRoutes } from '../app/lazyRoute';
import { codeFirstHistory } from '../app/codeFirstHistory';
import { preloadMatches } from '../app/preloadRoutes';
import { createQueryClient } from '../lib/queryClient';

/**
 * The whole app at `path`, against the MSW handlers, with a fresh query cache.
 * `extraPages` are added inside the shell next to the app's own pages.
 *
 * The app runs in a history router over an in-memory history, with navigation outside
 * transitions (the page changes as soon as its code is in); `router` reads the current
 * location (`router.state.location`) and navigates (`router.navigate`).
 *
 * As in the app (main.tsx), the router's history is a code-first one (app/codeFirstHistory.ts):
 * a navigation takes effect once the target's route code is in, so a page never suspends on its
 * own code when it is navigated to. Without it a navigation made in an event handler rendered
 * the new route inside Testing Library's synchronous `act` (userEvent's click); React queued the
 * suspended render's retry on act's queue, which a synchronous act drops when it returns ("A
 * component suspended inside an `act` scope, but the `act` call was not awaited"), and the root
 * kept that dropped task as its scheduled work: when the code came in, the retry was never run
 * and the page stayed in its Suspense fallback unless some unrelated update happened to
 * reschedule the root.
 */
export function renderApp(path = '/', extraPages: RouteObject[] = []) {
  // The app's routes as app/routes.tsx has them, with the extra pages in the shell's table.
  const [shell, ...rest] = shellRoutes;
  const app: RouteObject[] = shell ? [{ ...shell, children: [...extraPages, ...(shell.children ?? [])] } as RouteObject, ...rest] : shellRoutes;
  const withExtras: RouteObject[] = [authRoutes, { path: '*', Component: lazyRoutes(async () => app) }];
  const memory = createMemoryHistory({ initialEntries: [path], v5Compat: true });
  const history = codeFirstHistory(memory, withExtras);
  const router = {
    state: {
      get location() {
        return memory.location;
      },
    },
    navigate: async (to: string) => {
      await act(async () => {
        // What the code-first history does, inside the act: the page's code, then the address.
        await preloadMatches(withExtras, to).catch(() => undefined);
        memory.push(to);
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

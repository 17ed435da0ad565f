import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import AppProviders from '../app/providers';
import { routes } from '../app/routes';
import { createQueryClient } from '../lib/queryClient';
import { setSignInRedirect } from '../lib/api/renewal';
import { signInRedirect } from '../app/signInRedirect';

/**
 * The whole app at `path`, against the MSW handlers, with a fresh query cache.
 * `extraPages` are added inside the shell next to the app's own pages.
 */
export function renderApp(path = '/', extraPages: RouteObject[] = []) {
  const [shell, ...rest] = routes;
  const withExtras: RouteObject[] = shell
    ? [{ ...shell, children: [...extraPages, ...(shell.children ?? [])] } as RouteObject, ...rest]
    : routes;
  const router = createMemoryRouter(withExtras, { initialEntries: [path] });
  setSignInRedirect(signInRedirect(router));
  const client = createQueryClient();
  const result = render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, client };
}

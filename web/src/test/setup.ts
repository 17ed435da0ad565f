import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { server } from './server';
import { setSignInRedirect } from '../lib/api/renewal';
import { loadTooltip } from '../components/tooltipModule';

// Pages load lazily; the first import of a route compiles MUI modules, which takes a moment.
configure({ asyncUtilTimeout: 8000 });

// With the tooltip module loaded first, a LazyTooltip wraps its button from the first render.
// Otherwise the wrapper arrives some 200 ms in and replaces the button; on a loaded machine a
// test's click could land on the replaced node and be lost (the account menu never opened).
beforeAll(async () => {
  await loadTooltip();
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  setSignInRedirect(() => {});
});
afterAll(() => server.close());

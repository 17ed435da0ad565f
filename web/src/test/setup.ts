import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { server } from './server';
import { setSignInRedirect } from '../lib/api/renewal';

// Pages load lazily; the first import of a route compiles MUI modules, which takes a moment.
configure({ asyncUtilTimeout: 8000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  setSignInRedirect(() => {});
});
afterAll(() => server.close());

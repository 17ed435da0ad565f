import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { configFixture } from './fixtures';

export const configHandler = (config = configFixture()) =>
  http.get('*/api/v1/app-config-group/', () => HttpResponse.json({ data: config }));

export const server = setupServer(configHandler());

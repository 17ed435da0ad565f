import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SnackbarHost } from './snackbar';
import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { createQueryClient } from './queryClient';
import { api, unwrap } from './api/client';

function Probe() {
  useQuery({ queryKey: ['probe'], queryFn: () => unwrap(api.GET('/api/v1/topic-areas/')), retry: false });
  return null;
}

function MutationProbe() {
  const { mutate } = useMutation({
    mutationFn: () => unwrap(api.POST('/api/v1/topics/', { body: { name: 'AI', topic_type: 'general' } })),
  });
  useEffect(() => mutate(), [mutate]);
  return <p>ready</p>;
}

function renderProbe(probe = <Probe />) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      {probe}
      <SnackbarHost />
    </QueryClientProvider>,
  );
}

describe('global error toasts', () => {
  it.each([
    [403, "You don't have permission to perform this action"],
    [404, 'The requested resource was not found'],
    [500, 'A server error occurred. Please try again later.'],
  ])('shows the toast for %i', async (status, text) => {
    server.use(http.get('*/api/v1/topic-areas/', () => HttpResponse.json({ detail: 'x' }, { status })));
    renderProbe();
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('shows "An error occurred" when the network fails', async () => {
    server.use(http.get('*/api/v1/topic-areas/', () => HttpResponse.error()));
    renderProbe();
    expect(await screen.findByText('An error occurred')).toBeInTheDocument();
  });

  it('shows the fallback for an error without a message', async () => {
    server.use(http.get('*/api/v1/topic-areas/', () => new HttpResponse(null, { status: 400 })));
    renderProbe();
    expect(await screen.findByText('There is an error while processing your request')).toBeInTheDocument();
  });

  it('shows the first server message for other errors', async () => {
    server.use(
      http.get('*/api/v1/topic-areas/', () =>
        HttpResponse.json({ field_errors: { name: ['This field is required.'] }, detail: 'Invalid input.' }, { status: 400 }),
      ),
    );
    renderProbe();
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
  });

  it('toasts failed mutations too', async () => {
    server.use(http.post('*/api/v1/topics/', () => HttpResponse.json({ detail: 'No.' }, { status: 403 })));
    renderProbe(<MutationProbe />);
    expect(await screen.findByText("You don't have permission to perform this action")).toBeInTheDocument();
  });

  it('leaves 401 to the token renewal', async () => {
    let answered = false;
    server.use(
      http.get('*/api/v1/topic-areas/', () => {
        answered = true;
        return HttpResponse.json({ detail: 'Authentication credentials were not provided.' }, { status: 401 });
      }),
    );
    renderProbe();
    await waitFor(() => expect(answered).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Authentication credentials were not provided.')).not.toBeInTheDocument();
    expect(screen.queryByText('There is an error while processing your request')).not.toBeInTheDocument();
  });

  it('sends the token and the selected organization', async () => {
    localStorage.setItem('accessToken', 'abc');
    localStorage.setItem('currentOrg', '7');
    let seen: { auth: string | null; org: string | null } | null = null;
    server.use(
      http.get('*/api/v1/topic-areas/', ({ request }) => {
        seen = { auth: request.headers.get('authorization'), org: new URL(request.url).searchParams.get('current_org') };
        return HttpResponse.json({ data: [], pagination: { count: 0, next: null } });
      }),
    );
    await unwrap(api.GET('/api/v1/topic-areas/'));
    expect(seen).toEqual({ auth: 'Bearer abc', org: '7' });
  });
});

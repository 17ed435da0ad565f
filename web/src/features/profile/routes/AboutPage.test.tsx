import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../../test/renderApp';
import { identityFixture } from '../../../test/fixtures';
import { identityHandler, server, signIn } from '../../../test/server';
import { connectionFixture, profilePageFixture, serviceFixture } from '../test/fixtures';
import { serveProfiles } from '../test/handlers';

// Each file's first test compiles the lazily loaded pages, which is slow on a busy machine.
describe('About tab', { timeout: 15_000 }, () => {
  it('shows the public profile read only, rendering rich text safely', async () => {
    const maria = profilePageFixture({
      profile: {
        calendy_url: 'https://calendly.com/maria',
        resume: '/media/t1/u7/cv.pdf',
        career_story: '<p>From retail <a href="javascript:alert(1)">to</a> analytics.</p><script>window.hacked = 1</script><img src=x onerror="window.hacked=1">',
      },
    });
    serveProfiles({ profiles: [maria], services: [serviceFixture()] });
    const { container } = renderApp('/profile/maria-lopez');
    expect(await screen.findByText('data')).toContainHTML('strong');
    const story = screen.getByRole('region', { name: 'Career Story' });
    expect(within(story).getByText(/From retail/)).toBeInTheDocument();
    expect(container.querySelector('script, img')).toBeNull();
    expect(within(story).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book a time' })).toHaveAttribute('href', 'https://calendly.com/maria');
    expect(screen.getByRole('link', { name: 'View resume' })).toHaveAttribute('href', '/media/t1/u7/cv.pdf');
    expect(screen.getByText('SQL')).toBeInTheDocument();
    expect(screen.getByText('Generative AI')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'LinkedIn' })).toHaveAttribute('href', 'https://www.linkedin.com/in/maria');
    expect(await screen.findByText('Resume review')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit|Add/ })).not.toBeInTheDocument();
  });

  it('says when a visitor has nothing to see', async () => {
    const empty = profilePageFixture({
      profile: {
        short_bio: null,
        career_story: null,
        skills_detailed: [],
        topics_detailed: [],
        social_linkedin: null,
      },
    });
    serveProfiles({ profiles: [empty] });
    renderApp('/profile/maria-lopez');
    expect(await screen.findByText('Maria has not shared any details yet.')).toBeInTheDocument();
  });

  it('prompts the owner to fill what is missing, opening the editor at that section', async () => {
    signIn();
    server.use(identityHandler(identityFixture({ profile: { email: 'maria@example.com', name_slug: 'maria-lopez' } })));
    serveProfiles({ profiles: [profilePageFixture({ profile: { short_bio: null } })] });
    renderApp('/profile/maria-lopez');
    await userEvent.click(await screen.findByRole('button', { name: 'Add a short bio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    expect(within(dialog).getByRole('tab', { name: 'Personal Info' })).toHaveAttribute('aria-selected', 'true');
  });

  it('lets the owner add a service', async () => {
    signIn();
    server.use(identityHandler(identityFixture({ profile: { email: 'maria@example.com', name_slug: 'maria-lopez' } })));
    const services = [serviceFixture()];
    serveProfiles({ profiles: [profilePageFixture()], services });
    let body: unknown;
    server.use(
      http.post('*/api/v1/user-services/', async ({ request }) => {
        body = await request.json();
        services.push(serviceFixture({ id: 902, title: 'Mock interview', description: null, url: null }));
        return HttpResponse.json({ data: services[1] }, { status: 201 });
      }),
    );
    renderApp('/profile/maria-lopez');
    await userEvent.click(await screen.findByRole('button', { name: 'Add service' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add service' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/^Title/), 'Mock interview');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Link' }), 'not a link');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a valid URL.')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Link' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Mock interview')).toBeInTheDocument();
    expect(body).toEqual({ title: 'Mock interview', description: null, url: null });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('Career Circles tab', { timeout: 15_000 }, () => {
  it('lists connections, filters them by type in the address, and says when there are none', async () => {
    serveProfiles({
      profiles: [profilePageFixture()],
      connections: [connectionFixture(), connectionFixture({ id: 20, type: 'circle', name: 'AI Builders', slug: 'ai-builders', reason: 'Member' })],
    });
    const { router } = renderApp('/profile/maria-lopez/connections');
    const sam = await screen.findByRole('link', { name: /Sam Okafor/ });
    expect(sam).toHaveAttribute('href', '/profile/sam-okafor');
    expect(screen.getByRole('link', { name: /AI Builders/ })).toHaveAttribute('href', '/circle/ai-builders');
    expect(screen.getByText('Maria has not joined any circles yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Events' }));
    expect(await screen.findByText('No events found.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?type=event');
  });

  it('tells the owner they have no connections yet', async () => {
    signIn();
    server.use(identityHandler(identityFixture({ profile: { email: 'maria@example.com', name_slug: 'maria-lopez' } })));
    serveProfiles({ profiles: [profilePageFixture()], connections: [] });
    renderApp('/profile/maria-lopez/connections');
    expect(await screen.findByText('You do not have any connections yet!')).toBeInTheDocument();
    expect(screen.getByText('You have not joined any circles yet.')).toBeInTheDocument();
  });
});

import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../../../test/renderApp';
import { configFixture, groupProfileFixture, identityFixture } from '../../../../test/fixtures';
import { configHandler, identityHandler, server, signIn } from '../../../../test/server';
import { profilePageFixture } from '../../test/fixtures';
import { serveProfiles } from '../../test/handlers';

const config = configFixture();
config.options = {
  ...config.options,
  current_roles: [
    { value: 1, label: 'High school student' },
    { value: 2, label: 'College student' },
  ],
  career_stages: [
    { value: 1, label: 'High school student' },
    { value: 2, label: 'College student' },
  ],
  interested_services: [{ value: 1, label: 'Mentoring' }],
  reason_to_join: [{ value: 1, label: 'Learn AI skills' }],
};

const maria = profilePageFixture({
  group_profile: groupProfileFixture({ id: 3, current_role: 2, career_stage: 2, skills: [1], topics: [2] }),
  profile: { interested_services: [1], batch: '2019' },
});

function setUp() {
  signIn();
  server.use(
    configHandler(config),
    identityHandler(identityFixture({ profile: { email: 'maria@example.com', name_slug: 'maria-lopez' } })),
  );
  serveProfiles({ profiles: [maria], options: config.options });
}

async function openEditor() {
  await userEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
  return screen.findByRole('dialog', { name: 'Edit Profile' });
}

// The dialog mounts every section (several editors and pickers), which takes a while in jsdom.
describe('edit profile dialog', { timeout: 20_000 }, () => {
  it('saves the sections as one profile update and says so', async () => {
    setUp();
    let body: Record<string, unknown> | undefined;
    server.use(
      http.patch('*/api/v1/users/profile/', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ data: { ...maria, profile: { ...maria.profile, title: body.title } } });
      }),
    );
    renderApp('/profile/maria-lopez');
    const dialog = await openEditor();
    expect(within(dialog).getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Career Info',
      'Personal Info',
      'Social Links',
      'Upload Files',
      'Account',
    ]);
    const title = within(dialog).getByLabelText(/^Title/);
    await userEvent.clear(title);
    await userEvent.paste('Lead Analyst');
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Social Links' }));
    await userEvent.click(within(dialog).getByLabelText('Twitter/X'));
    await userEvent.paste('https://x.com/maria');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Successfully updated information')).toBeInTheDocument();
    expect(body).toMatchObject({
      origin: 'other',
      title: 'Lead Analyst',
      first_name: 'Maria',
      last_name: 'Lopez',
      country: 'Spain',
      location: 'Madrid',
      institution: 11,
      current_role: 2,
      career_stage: 2,
      reason_to_join: [1],
      interested_services: [1],
      skills: [1],
      topics: [2],
      batch: '2019',
      short_bio: '<p>I turn <strong>data</strong> into decisions.</p>',
      career_advice: null,
      social_linkedin: 'https://www.linkedin.com/in/maria',
      social_twitter: 'https://x.com/maria',
      social_facebook: null,
    });
    // Hidden fields (institutional, diaspora, job function) are not sent.
    expect(body).not.toHaveProperty('department');
    expect(body).not.toHaveProperty('country_of_origin');
    expect(body).not.toHaveProperty('job_function');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens the section of the first missing field', async () => {
    setUp();
    renderApp('/profile/maria-lopez');
    const dialog = await openEditor();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Personal Info' }));
    await userEvent.clear(within(dialog).getByLabelText(/^First name/));
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Social Links' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('tab', { name: 'Personal Info' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(within(dialog).getByText('Required')).toBeInTheDocument();
  });

  it('shows server field errors on their fields', async () => {
    setUp();
    server.use(
      http.patch('*/api/v1/users/profile/', () =>
        HttpResponse.json(
          { message: 'Enter a valid URL.', field_errors: { calendy_url: ['Enter a valid URL.'] } },
          { status: 400 },
        ),
      ),
    );
    renderApp('/profile/maria-lopez');
    const dialog = await openEditor();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a valid URL.')).toBeInTheDocument();
    expect(await screen.findByText('Could not update profile')).toBeInTheDocument();
  });
});

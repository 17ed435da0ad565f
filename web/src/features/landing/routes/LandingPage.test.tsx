import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/renderApp';
import { configHandler, server } from '../../../test/server';
import { configFixture } from '../../../test/fixtures';
import { DEFAULT_LANDING, isExternalUrl } from '../../../components/landing/content';

function withLanding(content: Partial<ReturnType<typeof configFixture>['ui']['landing_page_content']>) {
  const base = configFixture().ui.landing_page_content;
  server.use(configHandler(configFixture({ ui: { landing_page_content: { ...base, ...content } } })));
}

describe('landing page', () => {
  it('shows the configured content', async () => {
    withLanding({
      title: 'Welcome to Acme',
      description: 'Careers for makers.',
      cta_text: 'Join now',
      cta_url: '/signup',
      footer_text: 'Acme, since 1999.',
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Acme' })).toBeInTheDocument();
    expect(screen.getByText('Careers for makers.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join now' })).toHaveAttribute('href', '/signup');
    expect(screen.getByText('Acme, since 1999.')).toBeInTheDocument();
    expect(screen.queryByText(DEFAULT_LANDING.title)).not.toBeInTheDocument();
    expect(screen.queryByTitle('Introduction video')).not.toBeInTheDocument();
  });

  it('falls back to the default content for every empty part', async () => {
    withLanding({ title: '', description: '  ', cta_text: '', cta_url: '', footer_text: '' });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Grow your career in the age of AI' })).toBeInTheDocument();
    expect(screen.getByText(DEFAULT_LANDING.description)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/login');
    expect(screen.getByText('Learn together. Grow together.')).toBeInTheDocument();
  });

  it('sends an external call to action to the other site', async () => {
    withLanding({ cta_text: 'Apply', cta_url: 'https://acme.example.org/join' });
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Apply' })).toHaveAttribute('href', 'https://acme.example.org/join');
  });

  it('embeds a YouTube video', async () => {
    withLanding({ video_url: 'https://www.youtube.com/watch?v=abc123XYZ' });
    renderApp('/');
    expect(await screen.findByTitle('Introduction video')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/abc123XYZ',
    );
  });

  it('shows the thumbnail first and loads the player on play', async () => {
    withLanding({ video_url: 'https://vimeo.com/76979871', video_thumbnail_url: '/media/thumb.jpg' });
    renderApp('/');
    const play = await screen.findByRole('button', { name: 'Play video' });
    expect(screen.queryByTitle('Introduction video')).not.toBeInTheDocument();
    await userEvent.click(play);
    expect(screen.getByTitle('Introduction video')).toHaveAttribute('src', 'https://player.vimeo.com/video/76979871?autoplay=1');
  });

  it('plays a video file with its thumbnail as poster', async () => {
    withLanding({ video_url: '/media/intro.mp4', video_thumbnail_url: '/media/thumb.jpg' });
    const { container } = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    const video = container.querySelector('video');
    expect(video).toHaveAttribute('poster', '/media/thumb.jpg');
    expect(video?.querySelector('source')).toHaveAttribute('src', '/media/intro.mp4');
  });
});

describe('isExternalUrl', () => {
  it('tells other sites from app routes', () => {
    expect(isExternalUrl('https://example.org')).toBe(true);
    expect(isExternalUrl('mailto:hello@example.org')).toBe(true);
    expect(isExternalUrl('//cdn.example.org/x')).toBe(true);
    expect(isExternalUrl('/login')).toBe(false);
    expect(isExternalUrl('circles?status=open')).toBe(false);
  });
});

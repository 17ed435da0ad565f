import { describe, expect, it } from 'vitest';
import { menuSections } from './menuSections';

const base = { show_job_menu: true, show_connect_menu: true, host_variant: 'standard' as const };
type Flags = Parameters<typeof menuSections>[0];
const titles = (flags: Flags) => menuSections(flags).map((s) => s.title);
const items = (flags: Flags, title: string) =>
  menuSections(flags)
    .find((s) => s.title === title)
    ?.items.map((i) => `${i.label} ${i.to}`);

describe('menuSections', () => {
  it('has every section, with its targets, by default', () => {
    expect(titles(base)).toEqual(['Navigation', 'Community', 'Resources & Jobs', 'My Collections']);
    expect(items(base, 'Navigation')).toEqual([
      'CareerGPS /careergps',
      'AI Use Case /usecases',
      'Career Circle /circles',
      'Event /events',
      "What's happening /",
    ]);
    expect(items(base, 'Community')).toEqual(['Connect /connect', 'Circle Leaders /circle-leaders']);
    expect(items(base, 'Resources & Jobs')).toEqual(['Resource Hub /resourcehub', 'Job Board /jobs', 'Posts /posts', 'Career Tips /career-tips']);
    expect(items(base, 'My Collections')).toEqual(['Favorites /favorites', 'My Content /my']);
  });

  it('hides Community without the connect menu', () => {
    expect(titles({ ...base, show_connect_menu: false })).toEqual(['Navigation', 'Resources & Jobs', 'My Collections']);
  });

  it('drops the Job Board and names the section Resources without the job menu', () => {
    const flags = { ...base, show_job_menu: false };
    expect(titles(flags)).toEqual(['Navigation', 'Community', 'Resources', 'My Collections']);
    expect(items(flags, 'Resources')).toEqual(['Resource Hub /resourcehub', 'Posts /posts', 'Career Tips /career-tips']);
  });

  it('shows AI Tools instead of Event on the star variant only', () => {
    expect(items({ ...base, host_variant: 'star' }, 'Navigation')).toEqual([
      'CareerGPS /careergps',
      'AI Use Case /usecases',
      'Career Circle /circles',
      'AI Tools /ai-tools',
      "What's happening /",
    ]);
    for (const host_variant of ['morgan', 'institutional', 'diaspora', 'summer_camp'] as const) {
      expect(items({ ...base, host_variant }, 'Navigation')).toContain('Event /events');
    }
  });
});

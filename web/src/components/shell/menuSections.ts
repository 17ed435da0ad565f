// The side menu's sections, driven by the tenant's ui flags (spec 000 §2 "Shell").
import type { UiConfig } from '../../lib/config/appConfig';

export interface MenuItem {
  label: string;
  to: string;
  /** Active only on this exact path, not below it. */
  end?: boolean;
}

export interface MenuSection {
  /** Shown as the section's heading; a menu of one untitled section is a plain list. */
  title?: string;
  items: MenuItem[];
}

type MenuFlags = Pick<UiConfig, 'show_job_menu' | 'show_connect_menu' | 'host_variant'>;

export function menuSections(ui: MenuFlags): MenuSection[] {
  const star = ui.host_variant === 'star';
  const sections: MenuSection[] = [
    {
      title: 'Navigation',
      items: [
        { label: 'CareerGPS', to: '/careergps' },
        { label: 'AI Use Case', to: '/usecases' },
        { label: 'Career Circle', to: '/circles' },
        star ? { label: 'AI Tools', to: '/ai-tools' } : { label: 'Event', to: '/events' },
        { label: "What's happening", to: '/' },
      ],
    },
  ];
  if (ui.show_connect_menu) {
    sections.push({
      title: 'Community',
      items: [
        { label: 'Connect', to: '/connect' },
        { label: 'Circle Leaders', to: '/circle-leaders' },
      ],
    });
  }
  sections.push({
    title: ui.show_job_menu ? 'Resources & Jobs' : 'Resources',
    items: [
      { label: 'Resource Hub', to: '/resourcehub' },
      ...(ui.show_job_menu ? [{ label: 'Job Board', to: '/jobs' }] : []),
      { label: 'Posts', to: '/posts' },
      { label: 'Career Tips', to: '/career-tips' },
    ],
  });
  sections.push({
    title: 'My Collections',
    items: [
      { label: 'Favorites', to: '/favorites' },
      { label: 'My Content', to: '/my' },
    ],
  });
  return sections;
}

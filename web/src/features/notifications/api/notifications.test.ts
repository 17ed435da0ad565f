import { describe, expect, it } from 'vitest';
import { targetOf, type AppNotification } from './notifications';

const base: AppNotification = {
  id: 1,
  type: 'user_connection',
  notification_type: 'follow',
  message: 'Ada started following you.',
  created_at: '2026-01-01T00:00:00Z',
  is_read: false,
  data: {},
};

describe('where a notification leads', () => {
  it('follows the path the server gives', () => {
    expect(targetOf({ ...base, data: { path: '/profile/ada', name_slug: 'x' } })).toBe('/profile/ada');
  });

  it('builds one from the data otherwise', () => {
    expect(targetOf({ ...base, data: { name_slug: 'ada-lovelace' } })).toBe('/profile/ada-lovelace');
    expect(targetOf({ ...base, type: 'invitation', data: { invitation_key: 'k3y' } })).toBe('/invitation/k3y');
    expect(targetOf({ ...base, type: 'circle', data: { name_slug: 'ai', group_type: 'circle' } })).toBe('/circle/ai');
    expect(targetOf({ ...base, type: 'organization', data: { name_slug: 'acme', group_type: 'organization' } })).toBe(
      '/org/acme',
    );
    expect(targetOf({ ...base, data: {} })).toBeNull();
  });
});

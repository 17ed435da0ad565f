import { describe, expect, it } from 'vitest';
import { groupFixture, lifecycleFixture, orgFixture } from '../../test/groupFixtures';
import type { Lifecycle } from './types';
import { detailTabs, EVENT_REGISTRATION_ROLES, joinState, lifecycleFromDates, managedRoles, orgTabs, paymentLabel } from './rules';

const dates = {
  application_open_date: '2026-03-01',
  application_close_date: '2026-03-10',
  start_date: '2026-03-15',
  end_date: '2026-04-15',
};
const at = (day: string) => Date.parse(`${day}T12:00:00Z`);

describe('group rules', () => {
  it('derives the lifecycle from the dates, a date counting for its whole day', () => {
    expect(lifecycleFromDates(dates, at('2026-02-01'))?.label).toBe('Upcoming');
    expect(lifecycleFromDates(dates, at('2026-03-10'))?.label).toBe('Registration Open');
    expect(lifecycleFromDates(dates, at('2026-03-12'))?.label).toBe('Registration Closed');
    expect(lifecycleFromDates(dates, at('2026-03-20'))?.label).toBe('Running');
    expect(lifecycleFromDates(dates, at('2026-04-20'))?.label).toBe('Closed');
    expect(lifecycleFromDates(dates, at('2026-07-20'))).toMatchObject({ key: 6, label: 'Archived', has_ended: true });
  });

  it('takes applications as the server does: from the open date to the close (else end) date, also while running', () => {
    expect(lifecycleFromDates(dates, at('2026-02-01'))?.accepts_applications).toBe(false);
    expect(lifecycleFromDates(dates, at('2026-03-10'))?.accepts_applications).toBe(true);
    expect(lifecycleFromDates(dates, at('2026-03-12'))?.accepts_applications).toBe(false);
    const late = { ...dates, application_close_date: '2026-03-20' };
    expect(lifecycleFromDates(late, at('2026-03-18'))).toMatchObject({ label: 'Running', accepts_applications: true });
    const noClose = { ...dates, application_close_date: null };
    expect(lifecycleFromDates(noClose, at('2026-04-15'))?.accepts_applications).toBe(true);
    expect(lifecycleFromDates(noClose, at('2026-04-16'))?.accepts_applications).toBe(false);
  });

  it('shows a status line instead of Join outside the application window; members keep their request or role', () => {
    const upcoming = lifecycleFixture('application_opening_soon');
    const closed: Lifecycle = { ...upcoming, key: 3, status: 'application_closed', name: 'Application Closed', label: 'Registration Closed' };
    const running: Lifecycle = { ...upcoming, key: 4, status: 'running', name: 'Running', label: 'Running' };
    const soon = { lifecycle: upcoming, application_open_date: '2099-01-05' };
    expect(joinState(groupFixture(soon))).toEqual({ kind: 'closed', status: 'Applications open Jan 5, 2099' });
    expect(joinState(groupFixture({ ...soon, group_type: 'event' }))).toEqual({
      kind: 'closed',
      status: 'Registration opens Jan 5, 2099',
    });
    expect(joinState(groupFixture({ lifecycle: closed }))).toEqual({ kind: 'closed', status: 'Registration Closed' });
    expect(joinState(groupFixture({ lifecycle: running }))).toEqual({ kind: 'closed', status: 'Registration Closed' });
    expect(joinState(groupFixture({ lifecycle: { ...running, accepts_applications: true } }))).toMatchObject({ kind: 'join' });
    expect(joinState(groupFixture({ lifecycle: closed, membership_status: 'pending' }))).toMatchObject({ kind: 'pending' });
    expect(joinState(groupFixture({ lifecycle: running, membership_status: 'accepted' }))).toEqual({ kind: 'accepted', label: 'Member' });
    // Without the server's lifecycle, the dates decide.
    expect(
      joinState(groupFixture({ lifecycle: null, application_open_date: '2099-01-05' }), Date.parse('2098-12-01T00:00:00Z')),
    ).toEqual({ kind: 'closed', status: 'Applications open Jan 5, 2099' });
    // Organizations take requests at any time.
    expect(joinState(orgFixture({ membership_status: null, lifecycle: closed }))).toMatchObject({ kind: 'join' });
  });

  it('gives the join control its state', () => {
    expect(joinState(groupFixture())).toMatchObject({ kind: 'join', label: 'Join', full: false });
    expect(joinState(groupFixture({ group_type: 'event', event_type: 'conference' }))).toMatchObject({
      kind: 'join',
      label: 'Register',
      conference: true,
    });
    expect(joinState(groupFixture({ membership_status: 'rejected' }))).toMatchObject({ kind: 'join' });
    expect(joinState(groupFixture({ membership_status: 'accepted', role: 'leader' }))).toEqual({ kind: 'accepted', label: 'Leader' });
    expect(joinState(groupFixture({ membership_status: 'pending', waitlisted: true }))).toEqual({
      kind: 'pending',
      label: 'Applied to join',
      waitlisted: true,
    });
    expect(joinState(groupFixture({ is_influencer: true }))).toEqual({ kind: 'hidden' });
    expect(joinState(groupFixture({ is_full: true }))).toMatchObject({ full: true });
  });

  it('shows organization tabs to members and administrators; influencers get Overview and AI Impact', () => {
    expect(orgTabs(orgFixture(), true).map((tab) => tab.label)).toEqual(['Overview', 'People', 'Circles', 'Events', 'Resources', 'Posts']);
    expect(orgTabs(orgFixture(), false)).toEqual([]);
    expect(orgTabs(orgFixture({ membership_status: null }), true)).toEqual([]);
    expect(orgTabs(orgFixture({ membership_status: null, is_administrator: true }), true)).toHaveLength(6);
    expect(orgTabs(orgFixture({ is_influencer: true }), false).map((tab) => tab.label)).toEqual(['Overview', 'AI Impact']);
    // Job Board only when the app configuration turns the job menu on.
    expect(orgTabs(orgFixture(), true, true).map((tab) => tab.label)).toEqual(['Overview', 'People', 'Circles', 'Events', 'Resources', 'Posts', 'Job Board']);
    // Donate only when the organization has donation options.
    expect(orgTabs(orgFixture({ donation_details: [{ name: 'Fund' }] }), true).map((tab) => tab.label)).toContain('Donate');
    expect(orgTabs(orgFixture({ is_influencer: true }), true, true).map((tab) => tab.label)).toEqual(['Overview', 'AI Impact']);
  });

  it('hides circle and event tabs from guests and on external events; Admin for administrators', () => {
    expect(detailTabs(groupFixture(), false)).toEqual([]);
    expect(detailTabs(groupFixture(), true).map((tab) => tab.label)).toEqual(['Overview', 'People', 'Resources', 'Posts']);
    expect(detailTabs(groupFixture({ is_administrator: true }), true).map((tab) => tab.label)).toEqual(['Overview', 'People', 'Resources', 'Posts', 'Admin']);
    expect(detailTabs(groupFixture({ group_type: 'event', extra_info: { is_external: true, external_link: 'https://x.y' } }), true)).toEqual([]);
  });

  it("shows a pending payment as 'submitted'", () => {
    expect(paymentLabel('pending')).toBe('submitted');
    expect(paymentLabel('confirmed')).toBe('confirmed');
  });

  it('lets Add member make an event administrator, while registration stays attendee or presenter', () => {
    expect(managedRoles('event')).toEqual(['admin', 'attendee', 'presenter', 'volunteer']);
    expect(managedRoles('circle')).toEqual(['admin', 'leader', 'facilitator', 'member']);
    expect(managedRoles('organization')).toEqual(['admin', 'leader', 'facilitator', 'member']);
    expect(EVENT_REGISTRATION_ROLES).toEqual(['attendee', 'presenter']);
  });
});

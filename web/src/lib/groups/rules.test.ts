import { describe, expect, it } from 'vitest';
import { groupFixture, orgFixture } from '../../features/groups/test/fixtures';
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

  it('gives the join control its state', () => {
    expect(joinState(groupFixture())).toMatchObject({ kind: 'join', label: 'Join', full: false });
    expect(joinState(groupFixture({ group_type: 'event', event_type: 'conference' }))).toMatchObject({
      kind: 'join',
      label: 'Register',
      conference: true,
    });
    expect(joinState(groupFixture({ membership_status: 'rejected' }))).toMatchObject({ kind: 'join' });
    expect(joinState(groupFixture({ membership_status: 'accepted', role: 'leader' }))).toEqual({ kind: 'accepted', label: 'Leader' });
    expect(joinState(groupFixture({ is_influencer: true }))).toEqual({ kind: 'hidden' });
    expect(joinState(groupFixture({ is_full: true }))).toMatchObject({ full: true });
  });

  it('shows organization tabs to members and administrators; influencers get Overview and AI Impact', () => {
    expect(orgTabs(orgFixture(), true).map((tab) => tab.label)).toEqual(['Overview', 'People', 'Circles', 'Events']);
    expect(orgTabs(orgFixture(), false)).toEqual([]);
    expect(orgTabs(orgFixture({ membership_status: null }), true)).toEqual([]);
    expect(orgTabs(orgFixture({ membership_status: null, is_administrator: true }), true)).toHaveLength(4);
    expect(orgTabs(orgFixture({ is_influencer: true }), false).map((tab) => tab.label)).toEqual(['Overview', 'AI Impact']);
  });

  it('hides circle and event tabs from guests and on external events; Admin for administrators', () => {
    expect(detailTabs(groupFixture(), false)).toEqual([]);
    expect(detailTabs(groupFixture(), true).map((tab) => tab.label)).toEqual(['Overview', 'People']);
    expect(detailTabs(groupFixture({ is_administrator: true }), true).map((tab) => tab.label)).toEqual(['Overview', 'People', 'Admin']);
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

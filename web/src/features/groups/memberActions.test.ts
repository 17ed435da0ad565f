import { describe, expect, it } from 'vitest';
import { memberFixture } from '../../test/groupFixtures';
import { memberActions } from './memberActions';

const free = { is_paid: false };
const paid = { is_paid: true };

describe('member actions', () => {
  it('answers pending requests only, adds rejected people back, and removes others than oneself', () => {
    expect(memberActions(memberFixture({ membership_status: 'pending' }), free, 7)).toEqual(['details', 'accept', 'reject']);
    expect(memberActions(memberFixture({ membership_status: 'rejected' }), free, 7)).toEqual(['details', 'add-back']);
    expect(memberActions(memberFixture({ membership_status: 'accepted' }), free, 7)).toEqual(['details', 'remove']);
    expect(memberActions(memberFixture({ id: 7, membership_status: 'accepted' }), free, 7)).toEqual(['details']);
  });

  it('marks payment of accepted members of paid groups until it is confirmed', () => {
    expect(memberActions(memberFixture({ payment_status: 'pending' }), paid, 7)).toEqual(['details', 'mark-paid', 'mark-unpaid', 'remove']);
    expect(memberActions(memberFixture({ payment_status: 'confirmed' }), paid, 7)).toEqual(['details', 'remove']);
    expect(memberActions(memberFixture({ membership_status: 'pending', payment_status: 'pending' }), paid, 7)).toEqual([
      'details',
      'accept',
      'reject',
    ]);
  });
});

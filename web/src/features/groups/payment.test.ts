import { describe, expect, it } from 'vitest';
import { formatCents, groupPrice, payState, priceCents } from './payment';
import { groupFixture } from '../../test/groupFixtures';

describe('groupPrice', () => {
  it('takes the tier discount off circles only and caps the sum at 100 %', () => {
    expect(groupPrice({ group_type: 'circle', price: '49.00', discount: 10 }, 20)).toEqual({ unit: 4900, percent: 30, amount: 3430 });
    expect(groupPrice({ group_type: 'event', price: '49.00', discount: null }, 20)?.amount).toBe(4900);
    expect(groupPrice({ group_type: 'circle', price: '49.00', discount: 90 }, 30)?.amount).toBe(0);
    expect(groupPrice({ group_type: 'circle', price: '9.99', discount: 15 }, 0)?.amount).toBe(849);
    expect(groupPrice({ group_type: 'circle', price: '49', discount: -5 }, 150)?.percent).toBe(100);
    expect(groupPrice({ group_type: 'circle', price: null, discount: 10 }, 0)).toBeNull();
  });

  it('reads prices and writes cents', () => {
    expect(priceCents('0')).toBeNull();
    expect(priceCents('19.99')).toBe(1999);
    expect(formatCents(3430)).toBe('$34.30');
  });
});

describe('payState', () => {
  const paid = (over: Parameters<typeof groupFixture>[0] = {}) =>
    groupFixture({ group_type: 'circle', is_paid: true, price: '49.00', publicity: 'open', ...over });

  it('offers Pay to signed-in people while a seat is free, and a sign-in to guests', () => {
    expect(payState(paid(), true)).toEqual({ kind: 'pay', submitted: false });
    expect(payState(paid(), false)).toEqual({ kind: 'sign-in' });
    expect(payState(paid({ is_full: true }), true)).toEqual({ kind: 'full', submitted: false });
  });

  it('lets accepted members pay for their seat until it is confirmed', () => {
    expect(payState(paid({ membership_status: 'accepted', payment_status: 'pending' }), true)).toEqual({ kind: 'pay', submitted: true });
    expect(payState(paid({ membership_status: 'accepted', payment_status: 'confirmed' }), true)).toEqual({ kind: 'paid' });
  });

  it('hides the card for free, closed or invitation-only groups', () => {
    expect(payState(paid({ is_paid: false }), true)).toEqual({ kind: 'hidden' });
    expect(payState(paid({ publicity: 'closed' }), true)).toEqual({ kind: 'hidden' });
    expect(payState(paid({ price: null }), true)).toEqual({ kind: 'hidden' });
  });
});

import { describe, expect, it } from 'vitest';
import { donationCents, hasDonations } from './donation';

describe('donationCents', () => {
  it('reads dollars into whole cents', () => {
    expect(donationCents('25')).toEqual({ cents: 2500 });
    expect(donationCents(' 25.5 ')).toEqual({ cents: 2550 });
    expect(donationCents('10000')).toEqual({ cents: 1_000_000 });
  });

  it('refuses empty, negative, fractional-cent and out-of-range amounts', () => {
    expect(donationCents('')).toEqual({ error: 'Please enter an amount' });
    expect(donationCents('-5')).toEqual({ error: 'Enter an amount in dollars, e.g. 25 or 25.50' });
    expect(donationCents('2.345')).toEqual({ error: 'Enter an amount in dollars, e.g. 25 or 25.50' });
    expect(donationCents('0.50')).toEqual({ error: 'The smallest donation is $1.00' });
    expect(donationCents('10000.01')).toEqual({ error: 'The largest donation is $10,000.00' });
  });

  it('knows whether a group takes donations', () => {
    expect(hasDonations({ donation_details: [] })).toBe(false);
    expect(hasDonations({ donation_details: [{ name: 'Fund' }] })).toBe(true);
  });
});

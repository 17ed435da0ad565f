import { describe, expect, it } from 'vitest';
import { sitePath } from './openAddress';

describe('sitePath', () => {
  it('keeps only addresses of this site', () => {
    expect(sitePath('https://a.example/checkout/cs_1', 'https://a.example')).toBe('/checkout/cs_1');
    expect(sitePath('/payment/success?type=subscription', 'https://a.example')).toBe('/payment/success?type=subscription');
    expect(sitePath('https://evil.example/x', 'https://a.example')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { emailError, INVITE_MESSAGES, withPendingEmail } from './emails';

describe('invite e-mails', () => {
  it('checks the address and refuses one already added, whatever its case', () => {
    expect(emailError('not-an-email', [])).toBe(INVITE_MESSAGES.invalidEmail);
    expect(emailError(' li@example.com ', [])).toBeNull();
    expect(emailError('LI@example.com', ['li@example.com'])).toBe(INVITE_MESSAGES.duplicate);
  });

  it('adds the typed text before sending, or says why it cannot', () => {
    expect(withPendingEmail('  ', ['a@b.co'])).toEqual({ ok: true, emails: ['a@b.co'] });
    expect(withPendingEmail(' c@d.co ', ['a@b.co'])).toEqual({ ok: true, emails: ['a@b.co', 'c@d.co'] });
    expect(withPendingEmail('c@d', [])).toEqual({ ok: false, error: INVITE_MESSAGES.invalidEmail });
    expect(withPendingEmail('A@b.co', ['a@b.co'])).toEqual({ ok: false, error: INVITE_MESSAGES.duplicate });
  });
});

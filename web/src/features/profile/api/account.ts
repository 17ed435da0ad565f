// The owner's emails (docs/auth-api.md): POST /api/v1/alternate-email/, /verify-otp/ and
// /resend-otp/ with type alternate_email, /switch-email/.
import { api, unwrap } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';

type Message = components['schemas']['MessageAnswer'];

export function addAlternateEmail(alternate_email: string): Promise<Message> {
  return unwrap(api.POST('/api/v1/alternate-email/', { body: { alternate_email } }));
}

export function verifyAlternateEmail(otp: string): Promise<Message> {
  return unwrap(api.POST('/api/v1/verify-otp/', { body: { otp, type: 'alternate_email' } }));
}

export function resendAlternateEmailOtp(): Promise<Message> {
  return unwrap(api.POST('/api/v1/resend-otp/', { body: { type: 'alternate_email' } }));
}

export function makeAlternateEmailPrimary(): Promise<Message> {
  return unwrap(api.POST('/api/v1/switch-email/'));
}

export function changePassword(
  body: components['schemas']['ChangePasswordRequest'],
): Promise<components['schemas']['ChangePasswordAnswer']> {
  return unwrap(api.POST('/api/v1/change-password/', { body }));
}

// The owner's emails (docs/auth-api.md): POST /api/v1/alternate-email/, /verify-otp/ and
// /resend-otp/ with type alternate_email, /switch-email/.
import { apiRequest } from '../../../lib/api/request';

interface Message {
  message?: string | null;
}

export function addAlternateEmail(alternate_email: string): Promise<Message> {
  return apiRequest('POST', '/api/v1/alternate-email/', { body: { alternate_email } });
}

export function verifyAlternateEmail(otp: string): Promise<Message> {
  return apiRequest('POST', '/api/v1/verify-otp/', { body: { otp, type: 'alternate_email' } });
}

export function resendAlternateEmailOtp(): Promise<Message> {
  return apiRequest('POST', '/api/v1/resend-otp/', { body: { type: 'alternate_email' } });
}

export function makeAlternateEmailPrimary(): Promise<Message> {
  return apiRequest('POST', '/api/v1/switch-email/', { body: {} });
}

export function changePassword(body: { current_password: string; new_password: string }): Promise<
  { data?: { access: string; refresh: string } | null } & Message
> {
  return apiRequest('POST', '/api/v1/change-password/', { body });
}

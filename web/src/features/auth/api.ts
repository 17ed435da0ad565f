// The sign-in and account calls (docs/auth-api.md), through the client typed by the API's
// document (lib/api/schema.d.ts). The client is in the entry chunk already (the app's
// configuration is read through it), so the sign-in pages pay nothing more for it.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api/client';
import type { components } from '../../lib/api/schema';

type Schemas = components['schemas'];

export type TokenPair = Schemas['TokenPair'];
export type AuthConfig = Schemas['AuthConfig'];
type Message = Schemas['MessageAnswer'];

export const authConfigQuery = queryOptions({
  queryKey: ['auth-config'],
  queryFn: async ({ signal }) => (await unwrap(api.GET('/api/v1/auth-config/', { signal }))).data,
  staleTime: 10 * 60 * 1000,
});

export async function fetchPowChallenge(signal?: AbortSignal): Promise<Schemas['Challenge']> {
  return (await unwrap(api.GET('/api/v1/botcheck/challenge/', { signal }))).data;
}

export async function login(body: Schemas['TokenRequest']): Promise<TokenPair> {
  return (await unwrap(api.POST('/api/v1/token/', { body }))).data;
}

export function register(body: Schemas['RegisterRequest']): Promise<Schemas['RegisterAnswer']> {
  return unwrap(api.POST('/api/v1/register/', { body }));
}

/** The `type` of verify-otp and resend-otp (a string in the document, these two values in its description). */
export type OtpType = 'registration' | 'alternate_email';

export function verifyOtp(body: Schemas['VerifyOtpRequest'] & { type: OtpType }): Promise<Message> {
  return unwrap(api.POST('/api/v1/verify-otp/', { body }));
}

export function resendOtp(type?: OtpType): Promise<Message> {
  return unwrap(api.POST('/api/v1/resend-otp/', { body: type === 'alternate_email' ? { type } : {} }));
}

export async function verifyEmail(key: string): Promise<Schemas['VerifiedSession']> {
  return (await unwrap(api.POST('/api/v1/users/verify-email/', { body: { verification_key: key } }))).data;
}

export function forgotPassword(email: string): Promise<Message> {
  return unwrap(api.POST('/api/v1/forgot-password/', { body: { email } }));
}

export function resetPassword(body: Schemas['ResetPasswordRequest']): Promise<Message> {
  return unwrap(api.POST('/api/v1/reset-password/', { body }));
}

export function changePassword(body: Schemas['ChangePasswordRequest']): Promise<Schemas['ChangePasswordAnswer']> {
  return unwrap(api.POST('/api/v1/change-password/', { body }));
}

export type SocialProvider = 'google' | 'facebook' | 'linkedin';

export type SocialLoginBody =
  | ({ provider: 'google' } & Schemas['GoogleLoginRequest'])
  | ({ provider: 'facebook' } & Schemas['FacebookLoginRequest'])
  | ({ provider: 'linkedin' } & Schemas['LinkedInLoginRequest']);

/** The request body of a social sign-in: the provider picks the operation and is not sent. */
function bodyOf<T extends { provider: SocialProvider }>({ provider: _provider, ...body }: T): Omit<T, 'provider'> {
  return body;
}

/** Each provider has its own operation in the document, so the path is picked, not built. */
export async function socialLogin(request: SocialLoginBody): Promise<TokenPair> {
  switch (request.provider) {
    case 'google':
      return (await unwrap(api.POST('/api/v1/google/login/', { body: bodyOf(request) }))).data;
    case 'facebook':
      return (await unwrap(api.POST('/api/v1/facebook/login/', { body: bodyOf(request) }))).data;
    case 'linkedin':
      return (await unwrap(api.POST('/api/v1/linkedin/login/', { body: bodyOf(request) }))).data;
  }
}

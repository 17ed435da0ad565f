// The sign-in and account calls (docs/auth-api.md), typed here rather than through the
// generated schema.
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api/request';

export interface TokenPair {
  access: string;
  refresh: string;
}

export interface Message {
  message?: string | null;
}

export type BotcheckProvider = 'pow' | 'recaptcha' | 'turnstile' | 'off';

export interface AuthConfig {
  botcheck: { provider: BotcheckProvider; site_key?: string | null };
  social: {
    google: { client_id: string; authorize_url: string } | null;
    facebook: { app_id: string; authorize_url: string } | null;
    linkedin: { client_id: string; authorize_url: string } | null;
  };
}

export const authConfigQuery = queryOptions({
  queryKey: ['auth-config'],
  queryFn: async ({ signal }) => (await apiRequest<{ data: AuthConfig }>('GET', '/api/v1/auth-config/', { signal })).data,
  staleTime: 10 * 60 * 1000,
});

export interface PowChallenge {
  challenge: string;
  difficulty: number;
}

export async function fetchPowChallenge(signal?: AbortSignal): Promise<PowChallenge> {
  return (await apiRequest<{ data: PowChallenge }>('GET', '/api/v1/botcheck/challenge/', { signal })).data;
}

export async function login(body: { username: string; password: string }): Promise<TokenPair> {
  return (await apiRequest<{ data: TokenPair }>('POST', '/api/v1/token/', { body })).data;
}

export interface RegisterBody {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  confirm_password: string;
  subscribe_to_newsletter: boolean;
  profile_type: 'individual';
  username: string;
  recaptcha_response: string;
}

export interface RegisterAnswer {
  data?: TokenPair | null;
  message?: string | null;
  redirect_to_login?: boolean | null;
}

export function register(body: RegisterBody): Promise<RegisterAnswer> {
  return apiRequest<RegisterAnswer>('POST', '/api/v1/register/', { body });
}

export type OtpType = 'registration' | 'alternate_email';

export function verifyOtp(body: { otp: string; type: OtpType }): Promise<Message> {
  return apiRequest<Message>('POST', '/api/v1/verify-otp/', { body });
}

export function resendOtp(type?: OtpType): Promise<Message> {
  return apiRequest<Message>('POST', '/api/v1/resend-otp/', { body: type === 'alternate_email' ? { type } : {} });
}

export async function verifyEmail(key: string): Promise<{ access_token: string; refresh_token: string }> {
  const answer = await apiRequest<{ data: { access_token: string; refresh_token: string } }>(
    'POST',
    '/api/v1/users/verify-email/',
    { body: { verification_key: key } },
  );
  return answer.data;
}

export function forgotPassword(email: string): Promise<Message> {
  return apiRequest<Message>('POST', '/api/v1/forgot-password/', { body: { email } });
}

export function resetPassword(body: { token: string; password: string; confirm_password: string }): Promise<Message> {
  return apiRequest<Message>('POST', '/api/v1/reset-password/', { body });
}

export function changePassword(body: { current_password: string; new_password: string }): Promise<{ data?: TokenPair | null } & Message> {
  return apiRequest('POST', '/api/v1/change-password/', { body });
}

export type SocialProvider = 'google' | 'facebook' | 'linkedin';

export type SocialLoginBody =
  | { provider: 'google'; access_token: string; one_tap?: boolean }
  | { provider: 'facebook'; access_token: string; user_id?: string }
  | { provider: 'linkedin'; access_token?: string; code?: string; redirect_uri?: string };

export async function socialLogin({ provider, ...body }: SocialLoginBody): Promise<TokenPair> {
  return (await apiRequest<{ data: TokenPair }>('POST', `/api/v1/${provider}/login/`, { body })).data;
}

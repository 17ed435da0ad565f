// The membership and payment calls (spec 002 §7 "Membership and payments") and the local
// checkout page's calls.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api/client';
import type { components } from '../../lib/api/schema';
import { identityKey } from '../../lib/auth/identity';

export type CheckoutView = components['schemas']['CheckoutView'];
export type PayAnswer = components['schemas']['PayAnswer'];

/** POST /membership-card/: the member's card, drawn by the server on first open; its image's address. */
export async function createMembershipCard() {
  return (await unwrap(api.POST('/api/v1/membership-card/'))).data.membership_card;
}

export const PLANS_KEY = ['subscription-plans'] as const;
export const DETAIL_KEY = ['subscription-detail'] as const;
const CHECKOUT_KEY = ['checkout'] as const;

/** GET /subscription-plans/ (public; the server caches it 30 minutes). */
export function plansQuery() {
  return queryOptions({
    queryKey: PLANS_KEY,
    queryFn: async ({ signal }) => (await unwrap(api.GET('/api/v1/subscription-plans/', { signal }))).data,
    staleTime: 30 * 60 * 1000,
  });
}

export function usePlans(enabled = true) {
  return useQuery({ ...plansQuery(), enabled });
}

/** GET /subscription-detail/ (the own subscription, or null). */
export function useSubscriptionDetail(enabled: boolean) {
  return useQuery({
    queryKey: DETAIL_KEY,
    queryFn: async ({ signal }) => (await unwrap(api.GET('/api/v1/subscription-detail/', { signal }))).data ?? null,
    enabled,
  });
}

/** After any change: the detail and the identity's tier flags are stale. */
export function useRefreshMembership() {
  const client = useQueryClient();
  return async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: DETAIL_KEY }),
      client.invalidateQueries({ queryKey: identityKey }),
    ]);
  };
}

export interface CreateSubscription {
  price_id: string;
  discount_ids: number[];
  success_url: string;
  cancel_url: string;
}

/** POST /payment/create-subscription/: the checkout address to go to. */
export function useCreateSubscription() {
  return useMutation({
    mutationFn: async (body: CreateSubscription) =>
      (await unwrap(api.POST('/api/v1/payment/create-subscription/', { body }))).data,
    meta: { silent: true },
  });
}

export type UpdateSubscription = { price_id: string; cancellation_reason?: string } | { is_renew: true };

/** POST /payment/update-subscription/: upgrade, downgrade, switch or renew. */
export function useUpdateSubscription() {
  const refresh = useRefreshMembership();
  return useMutation({
    mutationFn: (body: UpdateSubscription) => unwrap(api.POST('/api/v1/payment/update-subscription/', { body })),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

/** POST /payment/cancel-subscription/ (at the period's end). */
export function useCancelSubscription() {
  const refresh = useRefreshMembership();
  return useMutation({
    mutationFn: (cancellation_reason: string) =>
      unwrap(
        api.POST('/api/v1/payment/cancel-subscription/', {
          body: { cancellation_reason, cancel_at_period_end: true },
        }),
      ),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

/** GET /payment/checkout/{session}/. */
export function useCheckoutSession(session: string) {
  return useQuery({
    queryKey: [...CHECKOUT_KEY, session],
    queryFn: async ({ signal }) =>
      (await unwrap(api.GET('/api/v1/payment/checkout/{session}/', { params: { path: { session } }, signal }))).data,
    meta: { silent: true },
    retry: false,
  });
}

/** POST /payment/checkout/{session}/pay/. */
export function usePay(session: string) {
  const refresh = useRefreshMembership();
  return useMutation({
    mutationFn: async (card_number: string) =>
      (await unwrap(api.POST('/api/v1/payment/checkout/{session}/pay/', { params: { path: { session } }, body: { card_number } })))
        .data,
    onSuccess: refresh,
    meta: { silent: true },
  });
}

/** POST /payment/checkout/{session}/confirm/ (the bank's step; Resolve Now). */
export function useConfirmPayment() {
  const refresh = useRefreshMembership();
  return useMutation({
    mutationFn: async (session: string) =>
      (await unwrap(api.POST('/api/v1/payment/checkout/{session}/confirm/', { params: { path: { session } } }))).data,
    onSuccess: refresh,
    meta: { silent: true },
  });
}

/**
 * POST /payment/create-customer-portal-session/: where the member manages billing. With
 * Stripe, its customer portal, or the unpaid invoice's page while a payment is pending
 * (Resolve Now); with the local checkout, the membership page.
 */
export function useCustomerPortal() {
  return useMutation({
    mutationFn: async () =>
      (await unwrap(api.POST('/api/v1/payment/create-customer-portal-session/'))).data,
    meta: { silent: true },
  });
}

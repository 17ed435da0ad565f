// POST /payment/donate/ (spec 001 §7 "Donations and payments"): the address to send the donor to.
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';

export type DonateBody = Pick<components['schemas']['DonateInput'], 'price_id' | 'amount'> & { group_id: number; name: string };

export function useDonate() {
  return useMutation({
    mutationFn: async (body: DonateBody) =>
      (
        await unwrap(
          api.POST('/api/v1/payment/donate/', {
            body: { ...body, success_url: '/payment/success?type=donation', cancel_url: window.location.pathname },
          }),
        )
      ).url,
    meta: { silent: true },
  });
}

// POST /payment/donate/ (spec 001 §7 "Donations and payments"): the address to send the donor to.
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/request';

export interface DonateBody {
  group_id: number;
  name: string;
  price_id?: string | null;
  amount: number;
}

export function useDonate() {
  return useMutation({
    mutationFn: async (body: DonateBody) =>
      (
        await apiRequest<{ url: string }>('POST', '/api/v1/payment/donate/', {
          body: { ...body, success_url: '/payment/success?type=donation', cancel_url: window.location.pathname },
        })
      ).url,
    meta: { silent: true },
  });
}

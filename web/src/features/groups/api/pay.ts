// The pay flow of a paid circle or event (spec 002 §7 "Create group payment", spec 001 §7
// payment-voucher/): start a checkout of the seat, or send the receipt of an offline payment.
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';
import { uploadFile } from '../../../lib/profile/upload';
import { useRefreshGroups } from './group';

/** POST /payment/create-one-time-payment/: the address to go to (the checkout, or the success page when nothing is due). */
export function usePayForGroup() {
  return useMutation({
    mutationFn: async ({ groupId, slug }: { groupId: number; slug: string }) =>
      (
        await unwrap(
          api.POST('/api/v1/payment/create-one-time-payment/', {
            body: {
              entity_type: 'group',
              group_id: groupId,
              success_url: `/payment/success?type=payment&group=${encodeURIComponent(slug)}`,
              cancel_url: `${window.location.pathname}`,
            },
          }),
        )
      ).data,
    meta: { silent: true },
  });
}

export type VoucherAnswer = components['schemas']['VoucherAnswer'];

/** Uploads the receipt, then POST /groups/{id}/payment-voucher/ with its id. */
export function useSendVoucher(groupId: number) {
  const refresh = useRefreshGroups();
  return useMutation({
    mutationFn: async ({ file, reference }: { file: File; reference: string }) => {
      const stored = await uploadFile(file, 'Payment voucher');
      return unwrap(
        api.POST('/api/v1/groups/{id}/payment-voucher/', {
          params: { path: { id: groupId } },
          body: { voucher: stored.id, reference: reference.trim() || null },
        }),
      );
    },
    onSuccess: refresh,
    meta: { silent: true },
  });
}

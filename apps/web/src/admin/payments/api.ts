import { membershipsApi, type AdminPayment, type PageMeta } from '@inkwell/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '../../api/client';

export const ADMIN_PAYMENTS_KEY = ['admin', 'payments'] as const;
export type PaymentPurposeFilter = AdminPayment['purpose'];
export type PaymentStatusFilter = 'paid' | 'refunded';
export interface PaymentsFilter {
  purpose: PaymentPurposeFilter | null;
  status: PaymentStatusFilter | null;
  q: string;
  page: number;
}
export const paymentsPageKey = (filter: PaymentsFilter) => [...ADMIN_PAYMENTS_KEY, filter] as const;

/** One page of members' and tippers' payments, newest first; the last page stays while the next loads. */
export const useAdminPayments = (filter: PaymentsFilter) =>
  useQuery({
    queryKey: paymentsPageKey(filter),
    queryFn: () =>
      call(membershipsApi.adminPayments, {
        query: {
          purpose: filter.purpose ?? undefined,
          status: filter.status ?? undefined,
          q: filter.q || undefined,
          page: filter.page,
        },
      }),
    placeholderData: keepPreviousData,
  });

type PaymentsPage = { data: AdminPayment[]; meta: PageMeta };

/**
 * Refunds a payment. The row takes the answer where it stands, even under the Paid filter, so the admin sees it
 * became Refunded; the other pages are only marked stale, and are asked again when next shown. A payment another
 * admin refunded first (the server's 409) is asked again at once, so its row tells.
 */
export function useRefundPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      call(membershipsApi.refund, { params: { id }, body: { reason } }),
    onSuccess: (answer) => {
      client.setQueriesData<PaymentsPage>({ queryKey: ADMIN_PAYMENTS_KEY }, (page) =>
        page ? { ...page, data: page.data.map((p) => (p.id === answer.data.id ? answer.data : p)) } : page,
      );
      void client.invalidateQueries({ queryKey: ADMIN_PAYMENTS_KEY, refetchType: 'none' });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        void client.invalidateQueries({ queryKey: ADMIN_PAYMENTS_KEY });
    },
  });
}

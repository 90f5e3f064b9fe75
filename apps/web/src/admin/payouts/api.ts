import { membershipsApi, type PayoutStatus } from '@inkwell/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '../../api/client';

export const ADMIN_PAYOUTS_KEY = ['admin', 'payouts'] as const;
export interface PayoutsFilter {
  status: PayoutStatus;
  page: number;
}
export const payoutsPageKey = (filter: PayoutsFilter) => [...ADMIN_PAYOUTS_KEY, filter] as const;

/** One page of payout requests (the server puts the oldest waiting first); the last page stays while the next loads. */
export const useAdminPayouts = (filter: PayoutsFilter) =>
  useQuery({
    queryKey: payoutsPageKey(filter),
    queryFn: () => call(membershipsApi.adminPayouts, { query: { status: filter.status, page: filter.page } }),
    placeholderData: keepPreviousData,
  });

export type PayoutDecision = { kind: 'paid'; reference: string } | { kind: 'reject'; reason: string };

/**
 * Marks a payout paid or rejects it; the queue is asked again either way, so a payout another admin decided
 * first (the server's 409) leaves the list too.
 */
export function useDecidePayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: PayoutDecision }) =>
      decision.kind === 'paid'
        ? call(membershipsApi.payoutPaid, { params: { id }, body: { reference: decision.reference } })
        : call(membershipsApi.payoutReject, { params: { id }, body: { reason: decision.reason } }),
    onSettled: (_, error) => {
      if (!error || (error instanceof ApiError && error.status === 409))
        void client.invalidateQueries({ queryKey: ADMIN_PAYOUTS_KEY });
    },
  });
}

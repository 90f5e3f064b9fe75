import { billingApi, type SubscribeBody } from '@inkwell/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { ME_KEY } from '../../app/useSessionRefresh';
import i18n from '../../i18n';

export const PLANS_KEY = ['plans'] as const;
export const paymentKey = (id: number) => ['payment', id] as const;

export const usePlans = () =>
  useQuery({ queryKey: [...PLANS_KEY, i18n.language], queryFn: () => call(billingApi.plans), staleTime: 5 * 60_000 });

export function useSubscribe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SubscribeBody) => call(billingApi.subscribe, { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ME_KEY }),
  });
}

/** Follows a payment until the gateway's callback settles it (paid, failed or expired). */
export function usePayment(id: number | null, follow: boolean) {
  return useQuery({
    queryKey: paymentKey(id ?? 0),
    queryFn: () => call(billingApi.payment, { params: { id: id! } }),
    enabled: id !== null,
    refetchInterval: (query) => (follow && query.state.data?.data.status === 'pending' ? 2000 : false),
  });
}

export function useSandboxDecision(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: 'approve' | 'decline') =>
      call(billingApi.sandboxDecision, { params: { id }, body: { decision } }),
    onSuccess: (res) => {
      client.setQueryData(paymentKey(id), res);
      void client.invalidateQueries({ queryKey: ME_KEY });
    },
  });
}

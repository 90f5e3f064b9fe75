import { membershipsApi, type JoinBody, type Membership, type TierBody, type TipBody } from '@inkwell/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';

export const MEMBERSHIPS_KEY = ['memberships'] as const;
const TIERS_KEY = ['tiers'] as const;
export const tiersKey = (accountId: number) => [...TIERS_KEY, accountId] as const;

/** An account's tiers: those offered, and its hidden ones too for the people who run it. */
export const useTiers = (accountId: number, enabled = true) =>
  useQuery({
    queryKey: tiersKey(accountId),
    queryFn: () => call(membershipsApi.tiers, { params: { id: accountId } }),
    enabled,
  });

/** My memberships, the live ones first; `enabled` false for a guest, who has none. */
export const useMyMemberships = (enabled = true) =>
  useQuery({ queryKey: MEMBERSHIPS_KEY, queryFn: () => call(membershipsApi.memberships), enabled });

/** Joining a tier or renewing a membership: a payment to complete with the chosen wallet. */
export type PassPurchase = { kind: 'join'; tierId: number } | { kind: 'renew'; membershipId: number };

export const usePayForPass = () =>
  useMutation({
    mutationFn: ({ purchase, body }: { purchase: PassPurchase; body: JoinBody }) =>
      purchase.kind === 'join'
        ? call(membershipsApi.join, { params: { id: purchase.tierId }, body })
        : call(membershipsApi.renew, { params: { id: purchase.membershipId }, body }),
  });

/** Stops the reminders: the pass runs to its end; the list takes the answer at once. */
export function useStopReminders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(membershipsApi.stop, { params: { id } }),
    onSuccess: (answer) => {
      client.setQueryData<{ data: Membership[] }>(MEMBERSHIPS_KEY, (cached) =>
        cached ? { data: cached.data.map((m) => (m.id === answer.data.id ? answer.data : m)) } : cached,
      );
    },
  });
}

export const useTip = () => useMutation({ mutationFn: (body: TipBody) => call(membershipsApi.tip, { body }) });

/** Adds a tier (no id) or changes one; the account's list is fetched again. */
export function useSaveTier(accountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TierBody }) =>
      id === null
        ? call(membershipsApi.createTier, { params: { id: accountId }, body })
        : call(membershipsApi.updateTier, { params: { id }, body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: tiersKey(accountId) }),
  });
}

export function useDeleteTier(accountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(membershipsApi.deleteTier, { params: { id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: tiersKey(accountId) }),
  });
}

/** After a membership's payment settles: the account's tiers (member counts) and my memberships change. */
export function refreshAfterPayment(client: QueryClient) {
  void client.invalidateQueries({ queryKey: MEMBERSHIPS_KEY });
  void client.invalidateQueries({ queryKey: TIERS_KEY });
}

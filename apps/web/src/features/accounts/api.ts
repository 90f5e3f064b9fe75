import { accountsApi, type CreateAccountBody, type UpdateAccountBody } from '@inkwell/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { ME_KEY } from '../../app/useSessionRefresh';
import { INSIGHTS_KEY } from '../insights/api';
import { accountQuery, exploreQuery } from './queries';

export const ACCOUNTS_KEY = ['my-accounts'] as const;
export { EXPLORE_KEY, accountKey } from './queries';

/** My accounts; `enabled` false for a guest, who has none to ask for. */
export const useMyAccounts = (enabled = true) =>
  useQuery({ queryKey: ACCOUNTS_KEY, queryFn: () => call(accountsApi.mine), enabled });

export const useAccount = (username: string) => useQuery(accountQuery(username));

/** Account cards to discover, most followed first, a page at a time. */
export const useExplore = () => useInfiniteQuery(exploreQuery());

export function useCreateAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAccountBody) => call(accountsApi.create, { body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ACCOUNTS_KEY });
      void client.invalidateQueries({ queryKey: ME_KEY });
    },
  });
}

export function useUpdateAccount(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAccountBody) => call(accountsApi.update, { params: { id }, body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ACCOUNTS_KEY });
      void client.invalidateQueries({ queryKey: ['account'] });
      // A new time zone moves the days of the charts.
      void client.invalidateQueries({ queryKey: INSIGHTS_KEY });
    },
  });
}

export function useDeleteAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(accountsApi.remove, { params: { id } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ACCOUNTS_KEY });
      void client.invalidateQueries({ queryKey: ME_KEY });
    },
  });
}

/** Availability of an account username as typed, for the on-blur check (spec §5). */
export const checkAccountUsername = (username: string) => call(accountsApi.usernameCheck, { query: { username } });

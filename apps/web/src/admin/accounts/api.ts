import { accountsApi, discoveryApi, type ApprovedStatus, type UpdateAccountBody } from '@inkwell/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { validId } from '../organizations/api';

export const ADMIN_ACCOUNTS_KEY = ['admin', 'accounts'] as const;
const accountKey = (id: number) => [...ADMIN_ACCOUNTS_KEY, 'one', id] as const;

/** One page of the accounts table, newest first: only one approval status if asked, words in the names. */
export const useAccountsPage = (page: number, status: ApprovedStatus | null, q: string) =>
  useQuery({
    queryKey: [...ADMIN_ACCOUNTS_KEY, 'list', page, status, q],
    queryFn: () => call(accountsApi.adminList, { query: { page, status: status ?? undefined, q: q || undefined } }),
    placeholderData: keepPreviousData,
  });

/** The account with every field, for the edit screen. */
export const useAccountForEdit = (id: number) =>
  useQuery({
    queryKey: accountKey(id),
    queryFn: () => call(accountsApi.edit, { params: { id } }),
    enabled: validId(id),
    retry: false,
  });

/** The organization the account belongs to. */
export const useAccountOrganization = (id: number) =>
  useQuery({
    queryKey: [...accountKey(id), 'organization'],
    queryFn: () => call(accountsApi.organization, { params: { id } }),
    enabled: validId(id),
    retry: false,
  });

/** The account's people with their role, a page at a time. */
export const useAccountPeople = (id: number, page: number) =>
  useQuery({
    queryKey: [...accountKey(id), 'people', page],
    queryFn: () => call(accountsApi.people, { params: { id }, query: { page } }),
    enabled: validId(id),
    placeholderData: keepPreviousData,
    retry: false,
  });

export function useAdminUpdateAccount(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAccountBody) => call(accountsApi.update, { params: { id }, body }),
    onSuccess: (answer) => {
      client.setQueryData(accountKey(id), { data: answer.data });
      void client.invalidateQueries({ queryKey: [...ADMIN_ACCOUNTS_KEY, 'list'] });
      // The creator screens and public pages read the same account.
      void client.invalidateQueries({ queryKey: ['account'] });
      void client.invalidateQueries({ queryKey: ['my-accounts'] });
    },
  });
}

/** Availability of an account username as typed (the same check creators get). */
export const checkAccountUsername = (username: string) => call(accountsApi.usernameCheck, { query: { username } });

/**
 * Features the account in Explore and suggestions, or stops. The edit screen's copy takes the new value at once;
 * Explore's featured list and the suggestions are asked again the next time they show.
 */
export function useFeatureAccount(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (featured: boolean) => call(discoveryApi.featureAccount, { params: { id }, body: { featured } }),
    onSuccess: (_, featured) => {
      client.setQueryData<{ data: Record<string, unknown> }>(accountKey(id), (old) =>
        old ? { data: { ...old.data, featured } } : old,
      );
      void client.invalidateQueries({ queryKey: ['discovery'] });
    },
  });
}

import { creatorsApi, type CreateAccountBody, type OrganizationBody, type UpdateAccountBody } from '@inkwell/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { ME_KEY } from '../../app/useSessionRefresh';

export const ORGANIZATIONS_KEY = ['my-organizations'] as const;
export const ACCOUNTS_KEY = ['my-accounts'] as const;
export const accountKey = (username: string) => ['account', username.toLowerCase()] as const;

export const useMyOrganizations = () =>
  useQuery({ queryKey: ORGANIZATIONS_KEY, queryFn: () => call(creatorsApi.myOrganizations) });

export const useMyAccounts = () => useQuery({ queryKey: ACCOUNTS_KEY, queryFn: () => call(creatorsApi.myAccounts) });

export const useAccount = (username: string) =>
  useQuery({
    queryKey: accountKey(username),
    queryFn: () => call(creatorsApi.accountByUsername, { params: { username } }),
    retry: false,
  });

export function useCreateOrganization() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganizationBody) => call(creatorsApi.createOrganization, { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ORGANIZATIONS_KEY }),
  });
}

export function useCreateAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAccountBody) => call(creatorsApi.createAccount, { body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ACCOUNTS_KEY });
      void client.invalidateQueries({ queryKey: ME_KEY });
    },
  });
}

export function useUpdateAccount(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAccountBody) => call(creatorsApi.updateAccount, { params: { id }, body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ACCOUNTS_KEY });
      void client.invalidateQueries({ queryKey: ['account'] });
    },
  });
}

export function useDeleteAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(creatorsApi.deleteAccount, { params: { id } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ACCOUNTS_KEY });
      void client.invalidateQueries({ queryKey: ME_KEY });
    },
  });
}

/** Availability of a username as typed, for the on-blur check (spec §5). */
export const checkUsername = (kind: 'organization' | 'account', username: string) =>
  call(kind === 'organization' ? creatorsApi.organizationUsernameCheck : creatorsApi.accountUsernameCheck, {
    query: { username },
  });

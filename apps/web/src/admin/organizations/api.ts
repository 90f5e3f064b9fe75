import { organizationsApi, type AdminOrganizationBody, type ApprovedStatus } from '@inkwell/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';

export const ORGANIZATIONS_KEY = ['admin', 'organizations'] as const;
const organizationKey = (id: number) => [...ORGANIZATIONS_KEY, 'one', id] as const;

export const validId = (id: number) => Number.isInteger(id) && id > 0;

/** One page of the organizations table, newest first: only one approval status if asked, words in the names. */
export const useOrganizationsPage = (page: number, status: ApprovedStatus | null, q: string) =>
  useQuery({
    queryKey: [...ORGANIZATIONS_KEY, 'list', page, status, q],
    queryFn: () =>
      call(organizationsApi.adminList, { query: { page, status: status ?? undefined, q: q || undefined } }),
    placeholderData: keepPreviousData,
  });

/** An organization with every field and its creator, for the edit screen. */
export const useOrganizationForEdit = (id: number) =>
  useQuery({
    queryKey: organizationKey(id),
    queryFn: () => call(organizationsApi.edit, { params: { id } }),
    enabled: validId(id),
    retry: false,
  });

export function useUpdateOrganization(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminOrganizationBody) => call(organizationsApi.update, { params: { id }, body }),
    onSuccess: (answer) => {
      client.setQueryData(organizationKey(id), { data: answer.data });
      void client.invalidateQueries({ queryKey: [...ORGANIZATIONS_KEY, 'list'] });
    },
  });
}

/** Availability of an organization username as typed (the same check creators get). */
export const checkOrganizationUsername = (username: string) =>
  call(organizationsApi.usernameCheck, { query: { username } });

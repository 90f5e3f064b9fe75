import { organizationsApi, type OrganizationBody } from '@inkwell/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';

export const ORGANIZATIONS_KEY = ['my-organizations'] as const;

export const useMyOrganizations = () =>
  useQuery({ queryKey: ORGANIZATIONS_KEY, queryFn: () => call(organizationsApi.mine) });

export function useCreateOrganization() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganizationBody) => call(organizationsApi.create, { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ORGANIZATIONS_KEY }),
  });
}

/** Availability of an organization username as typed, for the on-blur check (spec §5). */
export const checkOrganizationUsername = (username: string) =>
  call(organizationsApi.usernameCheck, { query: { username } });

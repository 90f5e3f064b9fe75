import { rolesApi } from '@inkwell/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { ME_KEY } from '../../app/useSessionRefresh';

export const ROLES_KEY = ['admin', 'roles'] as const;
const rolePermissionsKey = (id: number) => [...ROLES_KEY, id, 'permissions'] as const;

/** Every role with its counts (also the user edit screen's role list). */
export const useRoles = () => useQuery({ queryKey: ROLES_KEY, queryFn: () => call(rolesApi.list) });

export function useCreateRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call(rolesApi.create, { body: { name } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ROLES_KEY }),
  });
}

/** A role, its permissions, whether they may change and which ones the session may grant. */
export const useRolePermissions = (id: number) =>
  useQuery({
    queryKey: rolePermissionsKey(id),
    queryFn: () => call(rolesApi.permissions, { params: { id } }),
    retry: false,
  });

export function useSaveRolePermissions(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (permissions: number[]) => call(rolesApi.setPermissions, { params: { id }, body: { permissions } }),
    onSuccess: (answer) => {
      client.setQueryData(rolePermissionsKey(id), answer);
      void client.invalidateQueries({ queryKey: ROLES_KEY });
      void client.invalidateQueries({ queryKey: ['admin', 'permissions'] });
      // The session's own role may be the one changed: its menu follows.
      void client.invalidateQueries({ queryKey: ME_KEY });
    },
  });
}

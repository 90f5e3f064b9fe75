import { permissionsApi } from '@inkwell/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';

export const PERMISSIONS_KEY = ['admin', 'permissions'] as const;
/** Role counts change with permissions: the roles screens read them too. */
const ROLES_KEY = ['admin', 'roles'] as const;

/** One page of permissions by name, optionally those whose name contains `search`. */
export const usePermissionsPage = (page: number, search: string) =>
  useQuery({
    queryKey: [...PERMISSIONS_KEY, 'page', page, search],
    queryFn: () => call(permissionsApi.list, { query: { page, search: search || undefined } }),
    placeholderData: keepPreviousData,
  });

/** Every permission (`q=all`: one page holds all of them), for the role permissions checkboxes. */
export const useAllPermissions = () =>
  useQuery({
    queryKey: [...PERMISSIONS_KEY, 'all'],
    queryFn: () => call(permissionsApi.list, { query: { q: 'all' } }),
  });

function useInvalidate() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: PERMISSIONS_KEY });
    void client.invalidateQueries({ queryKey: ROLES_KEY });
  };
}

export function useCreatePermission() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (name: string) => call(permissionsApi.create, { body: { name } }),
    onSuccess: invalidate,
  });
}

export function useRenamePermission() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      call(permissionsApi.update, { params: { id }, body: { name } }),
    onSuccess: invalidate,
  });
}

export function useDeletePermission() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(permissionsApi.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}

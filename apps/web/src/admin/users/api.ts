import {
  type AdminUser,
  type AdminUserResponse,
  rolesApi,
  type UpdateUserBody,
  usersApi,
  type UserSort,
} from '@inkwell/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { getSession, refreshUser } from '../../session/session';

/** Query keys of the admin users screens: the list pages and each person. */
export const USERS_KEY = ['admin', 'users'] as const;
export const usersPageKey = (q: string, page: number, sort: UserSort | undefined) =>
  [...USERS_KEY, 'list', { q, page, sort }] as const;
export const userKey = (id: number) => [...USERS_KEY, 'user', id] as const;
/** The role dropdown's options (the roles screen keeps its own list). */
export const ROLE_OPTIONS_KEY = [...USERS_KEY, 'role-options'] as const;

/** One page of the people list; the previous page stays on screen while the next loads. */
export function useUsersPage(q: string, page: number, sort: UserSort | undefined) {
  return useQuery({
    queryKey: usersPageKey(q, page, sort),
    queryFn: () => call(usersApi.list, { query: { q: q || undefined, page, sort } }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUser(id: number) {
  return useQuery({
    queryKey: userKey(id),
    queryFn: async () => (await call(usersApi.edit, { params: { id } })).data,
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Every role, for the role dropdown (asked only by someone who may change roles). */
export function useRoleOptions(enabled: boolean) {
  return useQuery({
    queryKey: ROLE_OPTIONS_KEY,
    queryFn: async () => (await call(rolesApi.list)).data,
    enabled,
  });
}

/** After a change: the person's own answer in place, and every list page asked again. */
function useSettle(id: number) {
  const client = useQueryClient();
  return (user?: AdminUser) => {
    if (user) client.setQueryData(userKey(id), user);
    else void client.invalidateQueries({ queryKey: userKey(id) });
    void client.invalidateQueries({ queryKey: [...USERS_KEY, 'list'] });
  };
}

export function useUpdateUser(id: number) {
  const settle = useSettle(id);
  return useMutation({
    mutationFn: (body: UpdateUserBody) => call(usersApi.update, { params: { id }, body }),
    onSuccess: ({ data }) => {
      // Editing oneself here changes the session's name and picture too.
      if (getSession()?.id === id) refreshUser(data);
      settle();
    },
  });
}

export function useChangeRole(id: number) {
  const settle = useSettle(id);
  return useMutation({
    mutationFn: (roleId: number) => call(usersApi.changeRole, { params: { id }, body: { role_id: roleId } }),
    onSuccess: (res: AdminUserResponse) => settle(res.data),
  });
}

/** Suspends (`true`) or reinstates (`false`) the person. */
export function useSetSuspended(id: number) {
  const settle = useSettle(id);
  return useMutation({
    mutationFn: (suspend: boolean) => call(suspend ? usersApi.suspend : usersApi.reinstate, { params: { id } }),
    onSuccess: (res: AdminUserResponse) => settle(res.data),
  });
}

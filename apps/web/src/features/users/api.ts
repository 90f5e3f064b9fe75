import { type ChangePasswordBody, type UpdateUserBody, usersApi } from '@inkwell/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { ME_KEY } from '../../app/useSessionRefresh';
import { refreshUser } from '../../session/session';

export const DEVICES_KEY = ['devices'] as const;

export function useUpdateProfile(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserBody) => call(usersApi.update, { params: { id: userId }, body }),
    onSuccess: ({ data }) => {
      refreshUser(data);
      void client.invalidateQueries({ queryKey: ME_KEY });
    },
  });
}

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => call(usersApi.changePassword, { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: DEVICES_KEY }),
  });
}

export const useDevices = () => useQuery({ queryKey: DEVICES_KEY, queryFn: () => call(usersApi.devices) });

export function useRevokeDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(usersApi.revokeDevice, { params: { id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: DEVICES_KEY }),
  });
}

/** Another person's profile and where I stand with them (the friend buttons update it in place). */
export const personKey = (id: number) => ['person', id] as const;

export const usePerson = (id: number) =>
  useQuery({
    queryKey: personKey(id),
    queryFn: () => call(usersApi.person, { params: { id } }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });

import { identityApi, type ChangePasswordBody, type UpdateUserBody } from '@inkwell/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { ME_KEY } from '../../app/useSessionRefresh';
import { refreshUser } from '../../session/session';

export const DEVICES_KEY = ['devices'] as const;

export function useUpdateProfile(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserBody) => call(identityApi.updateUser, { params: { id: userId }, body }),
    onSuccess: ({ data }) => {
      refreshUser(data);
      void client.invalidateQueries({ queryKey: ME_KEY });
    },
  });
}

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => call(identityApi.changePassword, { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: DEVICES_KEY }),
  });
}

export const useDevices = () => useQuery({ queryKey: DEVICES_KEY, queryFn: () => call(identityApi.devices) });

export function useRevokeDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(identityApi.revokeDevice, { params: { id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: DEVICES_KEY }),
  });
}

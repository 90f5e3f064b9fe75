import {
  WEB_DEVICE_NAME,
  identityApi,
  type LoginBody,
  type RegisterBody,
  type ResetPasswordBody,
} from '@inkwell/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { signIn, signOut } from '../../session/session';
import { forgetThisBrowser } from '../../lib/push';

export function useLogin() {
  return useMutation({
    mutationFn: (body: Omit<LoginBody, 'device_name'>) =>
      call(identityApi.login, { body: { ...body, device_name: WEB_DEVICE_NAME } }),
    onSuccess: ({ token, user }) => signIn(token, user),
  });
}

export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // This browser stops receiving the person's pushes; the server forgets it with the sign-in.
      await forgetThisBrowser().catch((err: unknown) => console.error('push unsubscribe', err));
      return call(identityApi.logout);
    },
    // Whatever the server says, this device forgets the session.
    onSettled: () => {
      signOut();
      client.clear();
    },
  });
}

export const useRegister = () =>
  useMutation({ mutationFn: (body: RegisterBody) => call(identityApi.register, { body }) });

export const useVerifyEmail = () =>
  useMutation({ mutationFn: (token: string) => call(identityApi.verifyEmail, { body: { token } }) });

export const useResendActivation = () =>
  useMutation({ mutationFn: (email: string) => call(identityApi.resendActivation, { body: { email } }) });

export const useForgotPassword = () =>
  useMutation({ mutationFn: (email: string) => call(identityApi.forgotPassword, { body: { email } }) });

export const useResetPassword = () =>
  useMutation({ mutationFn: (body: ResetPasswordBody) => call(identityApi.resetPassword, { body }) });

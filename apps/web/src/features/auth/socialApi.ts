import { WEB_DEVICE_NAME, identityApi, type SocialCallbackQuery, type SocialProvider } from '@inkwell/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { ME_KEY } from '../../app/useSessionRefresh';
import { refreshUser, signIn } from '../../session/session';

/* Social sign-in and connected accounts; apart from api.ts so the welcome screen's buttons bring no more. */
export const SOCIAL_PROVIDERS_KEY = ['social-providers'] as const;
export const SOCIAL_LOGINS_KEY = ['social-logins'] as const;

/** The providers this server has OAuth clients for; their buttons show, no others. */
export const useSocialProviders = () =>
  useQuery({
    queryKey: SOCIAL_PROVIDERS_KEY,
    queryFn: () => call(identityApi.socialProviders),
    staleTime: Infinity,
    select: (answer) => answer.data,
  });

/**
 * Sends the browser to the provider. Signed in, the server binds the attempt to the person, so it connects
 * the provider rather than signing in (the callback page tells which from the answer).
 */
export function useStartSocial() {
  return useMutation({
    mutationFn: (provider: SocialProvider) => call(identityApi.socialAuthorize, { params: { provider } }),
    onSuccess: ({ data }) => window.location.assign(data),
  });
}

export type SocialCallbackInput = Omit<SocialCallbackQuery, 'device_name'> & { provider: string };

export function useSocialCallback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ provider, ...query }: SocialCallbackInput) =>
      call(identityApi.socialCallback, { params: { provider }, query: { ...query, device_name: WEB_DEVICE_NAME } }),
    onSuccess: (answer) => {
      if (answer.token) signIn(answer.token, answer.user);
      else refreshUser(answer.user);
      void client.invalidateQueries({ queryKey: SOCIAL_LOGINS_KEY });
    },
  });
}

export const useSocialLogins = () =>
  useQuery({ queryKey: SOCIAL_LOGINS_KEY, queryFn: () => call(identityApi.socialLogins), select: (a) => a.data });

export function useDisconnectSocial() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (provider: SocialProvider) => call(identityApi.disconnectSocial, { params: { provider } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: SOCIAL_LOGINS_KEY });
      void client.invalidateQueries({ queryKey: ME_KEY });
    },
  });
}

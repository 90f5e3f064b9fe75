import { identityApi } from '@inkwell/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../api/client';
import { refreshUser, useSession } from '../session/session';

export const ME_KEY = ['me'] as const;

/** Keeps the stored user (role, plan, can_compose) in step with the server, once per session start. */
export function useSessionRefresh(): void {
  const session = useSession();
  const me = useQuery({
    queryKey: [...ME_KEY, session?.token],
    queryFn: () => call(identityApi.me),
    enabled: Boolean(session),
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    if (me.data) refreshUser(me.data.data);
  }, [me.data]);
}

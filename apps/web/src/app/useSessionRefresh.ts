import { usersApi } from '@inkwell/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../api/client';
import { refreshUser, useSession } from '../session/session';

export const ME_KEY = ['me'] as const;

/** The signed-in user as the server has them now; the router asks for it at start (app/prefetch.ts). */
export const meQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: [...ME_KEY, token],
    queryFn: () => call(usersApi.me),
    staleTime: 5 * 60_000,
  });

/** Keeps the stored user (role, plan, can_compose) in step with the server, once per session start. */
export function useSessionRefresh(): void {
  const session = useSession();
  const me = useQuery({ ...meQuery(session?.token), enabled: Boolean(session) });
  useEffect(() => {
    if (me.data) refreshUser(me.data.data);
  }, [me.data]);
}

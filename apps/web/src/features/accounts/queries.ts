import { accountsApi } from '@inkwell/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';

/** An account page's account, shared by its hook (api.ts) and the router's prefetch (app/prefetch.ts). */
export const accountKey = (username: string) => ['account', username.toLowerCase()] as const;

export const accountQuery = (username: string) =>
  queryOptions({
    queryKey: accountKey(username),
    queryFn: () => call(accountsApi.byUsername, { params: { username } }),
    retry: false,
  });

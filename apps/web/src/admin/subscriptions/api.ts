import { billingApi, type SubscriptionStatus } from '@inkwell/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';

export const ADMIN_SUBSCRIPTIONS_KEY = ['admin', 'subscriptions'] as const;

/** A page of every subscription, newest first, optionally of one status. */
export const useAdminSubscriptions = (page: number, status: SubscriptionStatus | null) =>
  useQuery({
    queryKey: [...ADMIN_SUBSCRIPTIONS_KEY, status ?? 'all', page],
    queryFn: () => call(billingApi.subscriptions, { query: { page, ...(status ? { status } : {}) } }),
    placeholderData: keepPreviousData,
  });

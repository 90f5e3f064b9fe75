import { apiUrl, membershipsApi, type MembershipStatus, type PayoutBody } from '@inkwell/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '../../api/client';
import i18n from '../../i18n';
import { getSession } from '../../session/session';

export const EARNINGS_KEY = ['earnings'] as const;
export const earningsKey = (accountId: number, month: string) => [...EARNINGS_KEY, accountId, 'month', month] as const;
export const payoutsKey = (accountId: number) => [...EARNINGS_KEY, accountId, 'payouts'] as const;
export interface MembersFilter {
  tierId?: number;
  status?: MembershipStatus;
  page: number;
}
export const membersKey = (accountId: number, filter: MembersFilter) =>
  [...EARNINGS_KEY, accountId, 'members', filter] as const;

/** A month (`YYYY-MM`) of an account's earnings, its members by tier and its balances. */
export const useEarnings = (accountId: number, month: string) =>
  useQuery({
    queryKey: earningsKey(accountId, month),
    queryFn: () => call(membershipsApi.earnings, { params: { id: accountId }, query: { month } }),
    // A 403 (an editor) or 404 will not change on a second try.
    retry: false,
  });

/** The account's payout requests, the latest first (owners only: editors get a 403). */
export const usePayouts = (accountId: number, page = 1) =>
  useQuery({
    queryKey: [...payoutsKey(accountId), page],
    queryFn: () => call(membershipsApi.payouts, { params: { id: accountId }, query: { page } }),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useMembers = (accountId: number, filter: MembersFilter) =>
  useQuery({
    queryKey: membersKey(accountId, filter),
    queryFn: () =>
      call(membershipsApi.members, {
        params: { id: accountId },
        query: { page: filter.page, tier_id: filter.tierId, status: filter.status },
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** Asks for a payout; the balances and the history are fetched again after. */
export function useRequestPayout(accountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutBody) => call(membershipsApi.requestPayout, { params: { id: accountId }, body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: [...EARNINGS_KEY, accountId] }),
  });
}

/**
 * The members as CSV, saved as a file. `call` reads JSON only, so this fetches with the same credentials itself
 * and hands the browser a Blob (a plain link would go without the bearer token).
 */
export async function downloadMembersCsv(
  accountId: number,
  filter: Omit<MembersFilter, 'page'>,
  fileName: string,
): Promise<void> {
  const url = apiUrl(membershipsApi.membersCsv, {
    params: { id: accountId },
    query: { tier_id: filter.tierId, status: filter.status },
  });
  const headers: Record<string, string> = { accept: 'text/csv', 'accept-language': i18n.language || 'en' };
  const session = getSession();
  if (session) headers.authorization = `Bearer ${session.token}`;
  let response: Response;
  try {
    response = await fetch(url, { headers });
  } catch {
    throw new ApiError(0, i18n.t('errors.network'), {}, 'network');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string; code?: string };
    throw new ApiError(response.status, body.message ?? i18n.t('errors.unknown'), {}, body.code);
  }
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL is no longer needed once it has.
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

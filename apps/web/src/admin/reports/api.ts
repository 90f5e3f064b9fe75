import {
  reportsApi,
  type AdminReportDetail,
  type ReportStatus,
  type ReportTargetType,
  type ResolveReportBody,
} from '@inkwell/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '../../api/client';
import { usePermission } from '../usePermission';

/** Query keys of the moderation queue: its pages, each report, and the count behind the badge and the card. */
export const ADMIN_REPORTS_KEY = ['admin', 'reports'] as const;
export interface ReportsFilter {
  status: ReportStatus;
  type?: ReportTargetType;
  page: number;
}
export const reportsPageKey = (filter: ReportsFilter) => [...ADMIN_REPORTS_KEY, 'list', filter] as const;
export const adminReportKey = (id: number) => [...ADMIN_REPORTS_KEY, 'report', id] as const;
export const REPORTS_SUMMARY_KEY = [...ADMIN_REPORTS_KEY, 'summary'] as const;

/** A waiting report should not wait for a reload to show: the count is asked again each minute and on return. */
const SUMMARY_REFRESH_MS = 60_000;

/** One page of the queue (the server puts the oldest open first); the previous page stays while the next loads. */
export function useReportsPage(filter: ReportsFilter) {
  return useQuery({
    queryKey: reportsPageKey(filter),
    queryFn: () =>
      call(reportsApi.list, { query: { status: filter.status, target_type: filter.type, page: filter.page } }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminReport(id: number) {
  return useQuery({
    queryKey: adminReportKey(id),
    queryFn: async () => (await call(reportsApi.show, { params: { id } })).data,
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

/** How many reports wait, and since when; asked only by someone who may open the queue. */
export function useReportsSummary() {
  const allowed = usePermission('reports.manage');
  return useQuery({
    queryKey: REPORTS_SUMMARY_KEY,
    queryFn: async () => (await call(reportsApi.summary)).data,
    enabled: allowed,
    refetchInterval: SUMMARY_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

/**
 * Decides the report. The answer replaces the report on screen; the queue, the count, and what the decision
 * changed elsewhere (a rejected post, a suspended person) are asked again.
 */
export function useResolveReport(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ResolveReportBody) => call(reportsApi.resolve, { params: { id }, body }),
    onSuccess: ({ data }: { data: AdminReportDetail }) => {
      client.setQueryData(adminReportKey(id), data);
      void client.invalidateQueries({ queryKey: [...ADMIN_REPORTS_KEY, 'list'] });
      void client.invalidateQueries({ queryKey: REPORTS_SUMMARY_KEY });
      if (data.action === 'remove') {
        void client.invalidateQueries({ queryKey: ['admin', 'posts'] });
        void client.invalidateQueries({ queryKey: ['posts'] });
      }
      if (data.action === 'suspend_author') void client.invalidateQueries({ queryKey: ['admin', 'users'] });
    },
    onError: (error) => {
      // Another moderator decided it first: show their decision instead of the stale open report.
      if (error instanceof ApiError && error.status === 409)
        void client.invalidateQueries({ queryKey: adminReportKey(id) });
    },
  });
}

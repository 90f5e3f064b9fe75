import { reportsApi, type CreateReportBody } from '@inkwell/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';

export const REPORTS_KEY = ['reports'] as const;

/** Reports something (again: updates my open report of it); my reports' list is then out of date. */
export function useReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReportBody) => call(reportsApi.create, { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: REPORTS_KEY }),
  });
}

export function useMyReports(page: number) {
  return useQuery({
    queryKey: [...REPORTS_KEY, 'mine', page],
    queryFn: () => call(reportsApi.mine, { query: { page } }),
    placeholderData: keepPreviousData,
  });
}

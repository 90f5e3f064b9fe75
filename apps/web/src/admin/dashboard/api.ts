import { insightsApi } from '@inkwell/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';

export const INSIGHTS_KEY = ['admin', 'insights'] as const;

/** The dashboard's seven totals (one request; each tile shows its own state). */
export const useInsightsTotals = () =>
  useQuery({ queryKey: [...INSIGHTS_KEY, 'total'], queryFn: () => call(insightsApi.total) });

export const useDailyPosts = () =>
  useQuery({ queryKey: [...INSIGHTS_KEY, 'posts-daily'], queryFn: () => call(insightsApi.postsDaily) });

export const useMonthlyPosts = () =>
  useQuery({ queryKey: [...INSIGHTS_KEY, 'posts-monthly'], queryFn: () => call(insightsApi.postsMonthly) });

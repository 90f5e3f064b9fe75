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

/** Spec §9: the y-axis starts at 0 and is suggested to end 10 above the highest value. */
export const suggestedMax = (values: number[]): number => Math.max(0, ...values) + 10;

import { billingApi, type PlanBody } from '@inkwell/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { PLANS_KEY } from '../../features/billing/api';

export const ADMIN_PLANS_KEY = ['admin', 'plans'] as const;
const planKey = (id: number) => [...ADMIN_PLANS_KEY, 'edit', id] as const;

/** Every plan, hidden ones included, a page at a time. */
export const useAdminPlans = (page: number) =>
  useQuery({
    queryKey: [...ADMIN_PLANS_KEY, 'list', page],
    queryFn: () => call(billingApi.plansManage, { query: { page } }),
    placeholderData: keepPreviousData,
  });

export const usePlanForEdit = (id: number | null) =>
  useQuery({
    queryKey: planKey(id ?? 0),
    queryFn: () => call(billingApi.planEdit, { params: { id: id! } }),
    enabled: id !== null,
  });

/** The admin lists and the plans people see change together. */
function useInvalidatePlans() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ADMIN_PLANS_KEY }),
      client.invalidateQueries({ queryKey: PLANS_KEY }),
    ]);
}

/** Adds a plan, or saves the plan with this id. */
export function useSavePlan(id: number | null) {
  const invalidate = useInvalidatePlans();
  return useMutation({
    mutationFn: (body: PlanBody) =>
      id === null ? call(billingApi.planCreate, { body }) : call(billingApi.planUpdate, { params: { id }, body }),
    onSuccess: () => invalidate(),
  });
}

export function useDeletePlan(id: number) {
  const invalidate = useInvalidatePlans();
  return useMutation({
    mutationFn: () => call(billingApi.planDelete, { params: { id } }),
    onSuccess: () => invalidate(),
  });
}

import { z } from 'zod';
import { Timestamp } from './common';

export const PlanSummary = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
});
export type PlanSummary = z.infer<typeof PlanSummary>;

export const SubscriptionSummary = z.object({
  id: z.number().int(),
  plan_id: z.number().int(),
  plan: PlanSummary,
  billing_cycle: z.enum(['monthly', 'yearly']).nullable(),
  status: z.string(),
  trial_ends_at: Timestamp.nullable(),
  started_at: Timestamp.nullable(),
  expires_at: Timestamp.nullable(),
});
export type SubscriptionSummary = z.infer<typeof SubscriptionSummary>;

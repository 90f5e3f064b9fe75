/* The billing feature's door: the plan card (the admin's plan form previews it) and the parts of paying that
 * memberships and tips share with plans (the wallet choice, the next step, the wait for the outcome), never a
 * page. Queries: api.ts. */
export { PlanCard } from './PlanCard';
export { AwaitingPayment, useMinimumWait } from './AwaitingPayment';
export { ProviderChoice, offeredProvider } from './ProviderChoice';
export { followNextStep } from './nextStep';

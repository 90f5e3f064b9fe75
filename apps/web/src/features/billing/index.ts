/* The billing feature's door: the plan card (the admin's plan form previews it), never a page. Queries: api.ts. */
export { PlanCard } from './PlanCard';

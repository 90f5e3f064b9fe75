/** The billing module's face (plans, subscriptions, payments and their gateways); the rest is its own. */
export { billingQueues, expireBilling } from './billing.jobs';
export { billingRoutes, subscribeLimit } from './billing.routes';
export { addCycle, userBilling } from './billing.service';
export { exemptFromPlans, mayCreateAccounts, requireCreator, storageQuota } from './entitlements';
export { createGateways, type Gateways } from './gateways';
export { paymentsRoutes } from './payments.routes';
export { seedPlans } from './plans.seed';

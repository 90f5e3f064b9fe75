/** The billing module's face (plans, subscriptions, payments and their gateways); the rest is its own. */
import { defineModule } from '../../platform/module';
import { billingQueues, expireBilling } from './billing.jobs';
import { billingRoutes } from './billing.routes';
import { createGateways } from './gateways';
import { paymentsRoutes } from './payments.routes';
import { seedPlans } from './plans.seed';

export { subscribeLimit } from './billing.routes';
export { addCycle, userBilling } from './billing.service';
export { exemptFromPlans, mayCreateAccounts, mediaAllowance, requireCreator } from './entitlements';
export { createGateways, type Gateways } from './gateways';
export { settleFree, startCheckout, type Checkout } from './payments.service';
export { bookPayout } from './ledger.repo';
/** The sandbox checkout's signed callback, as its decision route sends it (tests replay and forge it). */
export { sandboxCallback } from './gateways/sandbox';

export const billingModule = defineModule({
  routes(app, ctx) {
    const gateways = createGateways(ctx.config, ctx.appSecret);
    billingRoutes(app, ctx, gateways);
    paymentsRoutes(app, ctx, gateways);
  },
  seeds: [seedPlans],
  queues: billingQueues,
  jobs: (ctx) => ({ 'billing.expire': () => expireBilling(ctx) }),
});

import { billingApi as api } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { HOUR, byUser, type RateRule } from '../../platform/rate-limit';
import { billingAdminRoutes } from './billing.admin.routes';
import type { Gateways } from './gateways';
import { startPayment } from './payments.service';
import * as billing from './billing.service';

/** Each subscribe may open a payment with a gateway: a person has no reason to start many. */
export const subscribeLimit: RateRule = { name: 'subscribe', max: 20, windowMs: HOUR, key: byUser };

export function billingRoutes(app: FastifyInstance, ctx: AppContext, gateways: Gateways): void {
  route(app, ctx, api.plans, { auth: 'optional' }, async ({ locale }) => ({
    data: await billing.listPlans(ctx, locale),
    meta: { payment_providers: gateways.available },
  }));

  route(app, ctx, api.subscribe, { limits: [subscribeLimit] }, async ({ auth, body, locale }) => {
    if (body.trial || body.payment_provider === 'free_trial') {
      return { data: await billing.startTrial(ctx, auth, body, locale) };
    }
    const payment = await startPayment(
      ctx,
      gateways,
      auth,
      { ...body, payment_provider: body.payment_provider },
      locale,
    );
    return { data: { payment } };
  });

  billingAdminRoutes(app, ctx);
}

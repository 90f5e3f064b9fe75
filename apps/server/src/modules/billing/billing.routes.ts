import { billingApi as api } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import type { Gateways } from '../payments/gateways';
import { startPayment } from '../payments/payments.service';
import * as billing from './billing.service';

export function billingRoutes(app: FastifyInstance, ctx: AppContext, gateways: Gateways): void {
  route(app, ctx, api.plans, { auth: 'optional' }, async ({ locale }) => ({
    data: await billing.listPlans(ctx, locale),
  }));

  route(app, ctx, api.subscribe, {}, async ({ auth, body, locale }) => {
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
}

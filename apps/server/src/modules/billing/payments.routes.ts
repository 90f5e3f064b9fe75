import { billingApi as api } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { route } from '../../platform/http/route';
import { MINUTE } from '../../platform/rate-limit';
import type { Gateways } from './gateways';
import { sandboxCallback } from './gateways/sandbox';
import * as payments from './payments.service';

export function paymentsRoutes(app: FastifyInstance, ctx: AppContext, gateways: Gateways): void {
  route(app, ctx, api.payment, {}, async ({ auth, params, locale }) => ({
    data: await payments.paymentFor(ctx, auth, params.id, locale),
  }));

  // The sandbox checkout's decision travels as a signed callback through the real notify endpoint. In
  // production the route does not exist: approving one's own payment would be a free plan.
  if (gateways.sandbox) sandboxRoutes(app, ctx);

  route(
    app,
    ctx,
    api.notify,
    { auth: 'none', limits: [{ name: 'payment-notify', max: 300, windowMs: MINUTE, key: (r) => r.ip }] },
    async ({ request, reply, params }) => {
      const outcome = await payments.handleCallback(ctx, gateways, params.provider, request.body, request.ip);
      return reply.code(outcome.status).type(outcome.ack.contentType).send(outcome.ack.body);
    },
  );
}

function sandboxRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.sandboxDecision, {}, async ({ auth, params, body, locale }) => {
    const current = await payments.paymentFor(ctx, auth, params.id, locale);
    if (!current.sandbox) throw new AppError(409, 'billing.not_sandbox');
    if (current.status === 'pending') {
      const callback = sandboxCallback(ctx.appSecret, {
        order_id: current.order_id,
        status: body.decision === 'approve' ? 'paid' : 'failed',
        amount: current.amount,
        currency: current.currency,
      });
      const res = await app.inject({ method: 'POST', url: '/api/payments/sandbox/notify', payload: callback });
      if (res.statusCode !== 200) throw new AppError(502, 'billing.gateway_unavailable');
    }
    return { data: await payments.paymentFor(ctx, auth, params.id, locale) };
  });
}

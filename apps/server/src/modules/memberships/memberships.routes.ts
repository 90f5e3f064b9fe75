import { membershipsApi as api, type Locale } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { requestUrl, type PageAt } from '../../platform/pagination';
import { t } from '../../platform/i18n';
import { subscribeLimit, type Gateways } from '../billing';
import * as earnings from './earnings.service';
import * as memberships from './memberships.service';
import * as payouts from './payouts.service';
import * as tips from './tips.service';

export function membershipsRoutes(app: FastifyInstance, ctx: AppContext, gateways: Gateways): void {
  // A payment asks a wallet for a checkout: as rare as subscribing to a plan.
  const limits = [subscribeLimit];
  route(app, ctx, api.tiers, { auth: 'optional' }, async ({ auth, params }) => ({
    data: await memberships.tiers(ctx, auth, params.id),
  }));
  route(app, ctx, api.createTier, {}, async ({ auth, params, body }) => ({
    data: await memberships.createTier(ctx, auth, params.id, body),
  }));
  route(app, ctx, api.updateTier, {}, async ({ auth, params, body }) => ({
    data: await memberships.updateTier(ctx, auth, params.id, body),
  }));
  route(app, ctx, api.deleteTier, {}, async ({ auth, params, locale }) => {
    await memberships.deleteTier(ctx, auth, params.id);
    return { message: t(locale, 'memberships.tier_deleted') };
  });
  route(app, ctx, api.join, { limits }, async ({ auth, params, body, locale }) => ({
    data: { payment: await memberships.join(ctx, gateways, auth, params.id, body, locale) },
  }));
  route(app, ctx, api.renew, { limits }, async ({ auth, params, body, locale }) => ({
    data: { payment: await memberships.renew(ctx, gateways, auth, params.id, body, locale) },
  }));
  route(app, ctx, api.memberships, {}, async ({ auth }) => ({ data: await memberships.myMemberships(ctx, auth) }));
  route(app, ctx, api.stop, {}, async ({ auth, params }) => ({ data: await memberships.stop(ctx, auth, params.id) }));
  route(app, ctx, api.tip, { limits }, async ({ auth, body, locale }) => ({
    data: { payment: await tips.tip(ctx, gateways, auth, body, locale) },
  }));
  earningsRoutes(app, ctx);
}

/** An account's money (its owners): earnings, members, payouts; and the administrators' payout queue. */
function earningsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const at = (request: { url: string }, locale: Locale): PageAt => ({
    url: requestUrl(ctx.config.publicUrl, request.url),
    locale,
  });
  route(app, ctx, api.earnings, {}, async ({ auth, params, query }) => ({
    data: await earnings.earnings(ctx, auth, params.id, query.month),
  }));
  route(app, ctx, api.members, {}, ({ auth, params, query, request, locale }) =>
    earnings.members(ctx, auth, params.id, query, at(request, locale)),
  );
  route(app, ctx, api.membersCsv, {}, async ({ auth, params, query, reply }) => {
    const csv = await earnings.membersCsv(ctx, auth, params.id, query);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="members-${params.id}.csv"`)
      .send(csv);
  });
  route(app, ctx, api.payouts, {}, ({ auth, params, query, request, locale }) =>
    payouts.accountPayouts(ctx, auth, params.id, query, at(request, locale)),
  );
  route(app, ctx, api.requestPayout, { limits: [subscribeLimit] }, async ({ auth, params, body }) => ({
    data: await payouts.requestPayout(ctx, auth, params.id, body),
  }));
  route(app, ctx, api.adminPayouts, {}, ({ query, request, locale }) =>
    payouts.adminPayouts(ctx, query, at(request, locale)),
  );
  route(app, ctx, api.payoutPaid, {}, async ({ auth, params, body }) => ({
    data: await payouts.decidePayout(ctx, auth, params.id, { paid: true, reference: body.reference }),
  }));
  route(app, ctx, api.payoutReject, {}, async ({ auth, params, body }) => ({
    data: await payouts.decidePayout(ctx, auth, params.id, { paid: false, reason: body.reason }),
  }));
}

import { membershipsApi as api } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { t } from '../../platform/i18n';
import { subscribeLimit, type Gateways } from '../billing';
import * as memberships from './memberships.service';
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
}

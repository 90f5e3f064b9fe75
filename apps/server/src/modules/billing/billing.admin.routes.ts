import { billingApi as api, membershipsApi } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { t } from '../../platform/i18n';
import { requestUrl } from '../../platform/pagination';
import * as admin from './billing.admin.service';
import { readerPayments, refund } from './refunds.service';

/** The admin side of plans and subscriptions (each route's permission is in the contract). */
export function billingAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const url = (raw: string) => requestUrl(ctx.config.publicUrl, raw);

  route(app, ctx, api.plansManage, {}, async ({ query, request, locale }) =>
    admin.listPlans(ctx, query, { url: url(request.url), locale }),
  );

  route(app, ctx, api.planCreate, {}, async ({ auth, body, locale }) => ({
    message: t(locale, 'billing.plan_created'),
    data: await admin.createPlan(ctx, auth, body),
  }));

  route(app, ctx, api.planEdit, {}, async ({ params }) => ({ data: await admin.planForEdit(ctx, params.id) }));

  route(app, ctx, api.planUpdate, {}, async ({ auth, params, body, locale }) => ({
    message: t(locale, 'billing.plan_saved'),
    data: await admin.updatePlan(ctx, auth, params.id, body),
  }));

  route(app, ctx, api.planDelete, {}, async ({ auth, params }) => {
    await admin.deletePlan(ctx, auth, params.id);
  });

  route(app, ctx, api.subscriptions, {}, async ({ query, request, locale }) =>
    admin.listSubscriptions(ctx, query, { url: url(request.url), locale }),
  );

  route(app, ctx, membershipsApi.adminPayments, {}, async ({ query, request, locale }) =>
    readerPayments(ctx, query, { url: url(request.url), locale }),
  );

  route(app, ctx, membershipsApi.refund, {}, async ({ auth, params, body, locale }) => ({
    message: t(locale, 'payments.refunded'),
    data: await refund(ctx, auth, params.id, body.reason),
  }));
}

import { reportsApi as api, type Locale } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { requestUrl, type PageAt } from '../../platform/pagination';
import { HOUR, byUser, type RateRule } from '../../platform/rate-limit';
import * as reports from './reports.service';

/** Enough for someone reporting a wave of spam; not enough to flood the queue. */
export const reportLimit: RateRule = { name: 'reports', max: 30, windowMs: HOUR, key: byUser };

export function reportsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const at = (request: { url: string }, locale: Locale): PageAt => ({
    url: requestUrl(ctx.config.publicUrl, request.url),
    locale,
  });
  route(app, ctx, api.create, { limits: [reportLimit] }, async ({ auth, body, existed }) => {
    const { receipt, created } = await reports.create(ctx, auth, body);
    if (!created) existed();
    return { data: receipt };
  });
  route(app, ctx, api.mine, {}, async ({ auth, query, request, locale }) =>
    reports.mine(ctx, auth, query, at(request, locale)),
  );
  route(app, ctx, api.list, {}, async ({ query, request, locale }) => reports.list(ctx, query, at(request, locale)));
  route(app, ctx, api.summary, {}, async () => ({ data: await reports.summary(ctx) }));
  route(app, ctx, api.show, {}, async ({ params }) => ({ data: await reports.show(ctx, params.id) }));
  route(app, ctx, api.resolve, {}, async ({ auth, params, body }) => ({
    data: await reports.resolve(ctx, auth, params.id, body),
  }));
}

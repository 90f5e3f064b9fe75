import { accountInsightsApi, insightsApi as api } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import * as accounts from './insights.accounts.service';
import * as insights from './insights.service';

export function insightsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.usersTotal, {}, async () => ({ data: await insights.usersTotal(ctx) }));
  route(app, ctx, api.total, {}, async () => ({ data: await insights.totals(ctx) }));
  route(app, ctx, api.postsDaily, {}, async () => ({ data: await insights.postsDaily(ctx) }));
  route(app, ctx, api.postsMonthly, {}, async () => ({ data: await insights.postsMonthly(ctx) }));

  route(app, ctx, accountInsightsApi.likes, {}, async ({ auth, params, query }) => ({
    data: await accounts.likesByDay(ctx, auth, params.id, query.month),
  }));
  route(app, ctx, accountInsightsApi.followers, {}, async ({ auth, params, query }) => ({
    data: await accounts.followersByDay(ctx, auth, params.id, query.month),
  }));
}

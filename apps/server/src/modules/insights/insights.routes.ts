import { insightsApi } from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';

export function insightsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, insightsApi.usersTotal, { permission: 'insights.view' }, async () => {
    const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(users);
    return { data: row?.n ?? 0 };
  });
}

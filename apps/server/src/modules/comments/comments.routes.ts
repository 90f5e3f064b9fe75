import { commentsApi as api } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { HOUR, MINUTE, byUser, guestReadLimit, type RateRule } from '../../platform/rate-limit';
import * as comments from './comments.service';

/** A burst (a lively thread), and a ceiling per hour that a person writing by hand does not reach. */
export const commentLimits = {
  minute: { name: 'comments', max: 60, windowMs: MINUTE, key: byUser },
  hour: { name: 'comments-hour', max: 300, windowMs: HOUR, key: byUser },
} satisfies Record<string, RateRule>;

export function commentsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.ofPost, { auth: 'optional', limits: [guestReadLimit] }, async ({ auth, params }) => ({
    data: await comments.thread(ctx, auth, params.id),
  }));

  route(app, ctx, api.create, { limits: [commentLimits.minute, commentLimits.hour] }, async ({ auth, body }) => ({
    data: await comments.create(ctx, auth, body),
  }));

  route(app, ctx, api.remove, {}, async ({ auth, params }) => {
    await comments.remove(ctx, auth, params.id);
  });
}

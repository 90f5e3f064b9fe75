import { postsApi as api } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { MINUTE } from '../../platform/rate-limit';
import * as comments from './comments.service';

export function commentsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.comments, { auth: 'optional' }, async ({ auth, params }) => ({
    data: await comments.thread(ctx, auth, params.id),
  }));

  route(
    app,
    ctx,
    api.comment,
    { limits: [{ name: 'comments', max: 60, windowMs: MINUTE, key: (r) => String(r.auth?.user.id) }] },
    async ({ auth, body }) => ({ data: await comments.create(ctx, auth, body) }),
  );

  route(app, ctx, api.deleteComment, {}, async ({ auth, params }) => {
    await comments.remove(ctx, auth, params.id);
  });
}

import { likesApi as api } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { MINUTE } from '../../platform/rate-limit';
import { toggleLike } from './likes.service';

export function likesRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(
    app,
    ctx,
    api.toggle,
    { limits: [{ name: 'likes', max: 300, windowMs: MINUTE, key: (r) => String(r.auth?.user.id) }] },
    async ({ auth, body }) => toggleLike(ctx, auth, body.likeable_type, body.likeable_id),
  );
}

import { postsApi as api } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { setFollow } from './follows.service';

export function followsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.follow, {}, async ({ auth, params }) => setFollow(ctx, auth, params.id, true));
  route(app, ctx, api.unfollow, {}, async ({ auth, params }) => setFollow(ctx, auth, params.id, false));
}

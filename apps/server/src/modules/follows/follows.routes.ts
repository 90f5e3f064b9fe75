import { followsApi as api } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { HOUR, byUser, type RateRule } from '../../platform/rate-limit';
import { setBell, setFollow } from './follows.service';

/** One counter for following and unfollowing together (churning follows is the abuse). */
export const followLimit: RateRule = { name: 'follows', max: 100, windowMs: HOUR, key: byUser };

export function followsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.follow, { limits: [followLimit] }, async ({ auth, params }) =>
    setFollow(ctx, auth, params.id, true),
  );
  route(app, ctx, api.unfollow, { limits: [followLimit] }, async ({ auth, params }) =>
    setFollow(ctx, auth, params.id, false),
  );
  route(app, ctx, api.ringBell, { limits: [followLimit] }, async ({ auth, params }) =>
    setBell(ctx, auth, params.id, true),
  );
  route(app, ctx, api.silenceBell, { limits: [followLimit] }, async ({ auth, params }) =>
    setBell(ctx, auth, params.id, false),
  );
}

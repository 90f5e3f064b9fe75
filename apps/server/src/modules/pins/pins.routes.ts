import { pinsApi as api } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { MINUTE, byUser, guestReadLimit, type RateRule } from '../../platform/rate-limit';
import * as pins from './pins.service';

const setPinsLimit: RateRule = { name: 'pins', max: 60, windowMs: MINUTE, key: byUser };

export function pinsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.ofAccount, { auth: 'optional', limits: [guestReadLimit] }, async ({ auth, params }) => ({
    data: await pins.pinned(ctx, auth, params.id),
  }));

  route(app, ctx, api.set, { limits: [setPinsLimit] }, async ({ auth, params, body }) => ({
    data: await pins.setPins(ctx, auth, params.id, body.post_ids),
  }));
}

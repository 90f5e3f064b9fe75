import { realtimeApi as api } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { MINUTE, byUser, type RateRule } from '../../platform/rate-limit';
import { authorizeChannel } from './realtime.service';

/** A page subscribes to a few channels per connection; reconnecting phones do it again. */
export const channelAuthLimit: RateRule = { name: 'broadcasting-auth', max: 120, windowMs: MINUTE, key: byUser };

export function realtimeRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.auth, { limits: [channelAuthLimit] }, async ({ auth, body }) => ({
    auth: await authorizeChannel(ctx, auth, body.socket_id, body.channel_name),
  }));
}

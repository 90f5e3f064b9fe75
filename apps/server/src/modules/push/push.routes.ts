import { pushApi as api } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { t } from '../../platform/i18n';
import { HOUR, byUser, type RateRule } from '../../platform/rate-limit';
import * as push from './push.service';

/** A browser registers once per sign-in; more is a script. */
export const pushSubscribeLimit: RateRule = { name: 'push-subscribe', max: 30, windowMs: HOUR, key: byUser };

export function pushRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.publicKey, { auth: 'none' }, async () => ({ data: push.publicKey(ctx) }));
  route(app, ctx, api.subscribe, { limits: [pushSubscribeLimit] }, async ({ auth, body, locale }) => {
    await push.subscribe(ctx, auth, body);
    return { message: t(locale, 'push.subscribed') };
  });
  route(app, ctx, api.unsubscribe, {}, async ({ auth, body }) => {
    await push.unsubscribe(ctx, auth, body.endpoint);
  });
}

import { friendsApi as api } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { t } from '../../platform/i18n';
import { requestUrl } from '../../platform/pagination';
import { HOUR, byUser, type RateRule } from '../../platform/rate-limit';
import * as friends from './friends.service';

/** Asking, accepting and removing share one counter: churning requests is the abuse (each may notify). */
export const friendLimit: RateRule = { name: 'friends', max: 100, windowMs: HOUR, key: byUser };

export function friendsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.list, {}, async ({ auth, query, request, locale }) =>
    friends.list(ctx, auth, 'friends', query, { url: requestUrl(ctx.config.publicUrl, request.url), locale }),
  );
  route(app, ctx, api.requests, {}, async ({ auth, query, request, locale }) =>
    friends.list(ctx, auth, 'requests', query, { url: requestUrl(ctx.config.publicUrl, request.url), locale }),
  );

  for (const [endpoint, act] of [
    [api.add, friends.add],
    [api.accept, friends.accept],
    [api.remove, friends.remove],
  ] as const) {
    route(app, ctx, endpoint, { limits: [friendLimit] }, async ({ auth, body, locale }) => {
      const { message, data } = await act(ctx, auth, body.friend_id);
      return { message: t(locale, message), data };
    });
  }
}

import { tagsApi as api } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { requestUrl } from '../../platform/pagination';
import { MINUTE, byUser, guestReadLimit, type RateRule } from '../../platform/rate-limit';
import * as tags from './tags.service';

const followTagLimit: RateRule = { name: 'tag-follows', max: 60, windowMs: MINUTE, key: byUser };

export function tagsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const url = (raw: string) => requestUrl(ctx.config.publicUrl, raw);

  // Before `/tags/:tag`, so "trending" is not read as a tag.
  route(app, ctx, api.trending, { auth: 'optional', limits: [guestReadLimit] }, async ({ query }) => ({
    data: await tags.trending(ctx, query.language),
  }));

  route(
    app,
    ctx,
    api.tag,
    { auth: 'optional', limits: [guestReadLimit] },
    async ({ auth, params, query, request, locale }) =>
      tags.tagPage(ctx, auth, params.tag, query, { url: url(request.url), locale }),
  );

  route(app, ctx, api.follow, { limits: [followTagLimit] }, async ({ auth, params }) => ({
    data: await tags.follow(ctx, auth, params.tag),
  }));

  route(app, ctx, api.unfollow, { limits: [followTagLimit] }, async ({ auth, params }) => ({
    data: await tags.unfollow(ctx, auth, params.tag),
  }));

  route(app, ctx, api.followed, {}, async ({ auth }) => ({ data: await tags.followed(ctx, auth) }));
}

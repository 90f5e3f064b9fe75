import { discoveryApi as api } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { requestUrl } from '../../platform/pagination';
import { MINUTE, byUser, guestReadLimit, type RateRule } from '../../platform/rate-limit';
import * as discovery from './discovery.service';

const onboardingLimit: RateRule = { name: 'onboarding', max: 60, windowMs: MINUTE, key: byUser };
const packWriteLimit: RateRule = { name: 'pack-writes', max: 30, windowMs: MINUTE, key: byUser };
/** A follow-all follows up to 50 accounts: fewer of them than of single follows. */
const followAllLimit: RateRule = { name: 'pack-follow-all', max: 10, windowMs: MINUTE, key: byUser };

export function discoveryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const at = (raw: string, locale: Parameters<typeof discovery.suggestions>[3]['locale']) => ({
    url: requestUrl(ctx.config.publicUrl, raw),
    locale,
  });

  route(app, ctx, api.onboarding, {}, async ({ auth, locale }) => ({
    data: await discovery.onboarding(ctx, auth, locale),
  }));
  route(app, ctx, api.saveOnboarding, { limits: [onboardingLimit] }, async ({ auth, body, locale }) => ({
    data: await discovery.saveOnboarding(ctx, auth, body, locale),
  }));

  route(app, ctx, api.accounts, { auth: 'optional', limits: [guestReadLimit] }, ({ auth, query, request, locale }) =>
    discovery.suggestions(ctx, auth, query, at(request.url, locale)),
  );
  route(app, ctx, api.hide, { limits: [onboardingLimit] }, async ({ auth, params }) => {
    await discovery.hide(ctx, auth, params.id);
  });
  route(app, ctx, api.posts, { auth: 'optional', limits: [guestReadLimit] }, ({ auth, query, request, locale }) =>
    discovery.trendingPosts(ctx, auth, query, at(request.url, locale)),
  );
  route(app, ctx, api.newCreators, { auth: 'optional', limits: [guestReadLimit] }, ({ auth, query, request, locale }) =>
    discovery.accountsBy(ctx, auth, 'new_creators', query, at(request.url, locale)),
  );
  route(app, ctx, api.featured, { auth: 'optional', limits: [guestReadLimit] }, ({ auth, query, request, locale }) =>
    discovery.accountsBy(ctx, auth, 'featured', query, at(request.url, locale)),
  );
  route(app, ctx, api.alsoFollowed, { auth: 'optional', limits: [guestReadLimit] }, async ({ auth, params }) => ({
    data: await discovery.alsoFollowed(ctx, auth, params.id),
  }));

  route(app, ctx, api.packs, { auth: 'optional', limits: [guestReadLimit] }, ({ auth, query, request, locale }) =>
    discovery.packs(ctx, auth, query, at(request.url, locale)),
  );
  route(app, ctx, api.pack, { auth: 'optional', limits: [guestReadLimit] }, async ({ auth, params }) => ({
    data: await discovery.pack(ctx, auth, params.id),
  }));
  route(app, ctx, api.createPack, { limits: [packWriteLimit] }, async ({ auth, body }) => ({
    data: await discovery.createPack(ctx, auth, body),
  }));
  route(app, ctx, api.updatePack, { limits: [packWriteLimit] }, async ({ auth, params, body }) => ({
    data: await discovery.updatePack(ctx, auth, params.id, body),
  }));
  route(app, ctx, api.removePack, { limits: [packWriteLimit] }, async ({ auth, params }) => {
    await discovery.removePack(ctx, auth, params.id);
  });
  route(app, ctx, api.followAll, { limits: [followAllLimit] }, async ({ auth, params }) => ({
    data: await discovery.followAll(ctx, auth, params.id),
  }));

  route(app, ctx, api.featureAccount, {}, async ({ auth, params, body }) => {
    await discovery.featureAccount(ctx, auth, params.id, body.featured);
  });
  route(app, ctx, api.featurePack, {}, async ({ auth, params, body }) => {
    await discovery.featurePack(ctx, auth, params.id, body.featured);
  });
}
